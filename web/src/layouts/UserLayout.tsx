// Login layout: background image, logo, platform name as title, footer from platform settings.
import { Outlet } from 'react-router';
import { UserLayoutFrame } from './UserLayoutFrame';

export default function UserLayout() {
  return (
    <UserLayoutFrame withSubtitle>
      <Outlet />
    </UserLayoutFrame>
  );
}
