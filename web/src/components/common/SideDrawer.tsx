// A drawer beside a list (a row's history, members, recharges): its width on a desktop, the whole screen on a
// phone; closed, it drops its content.
import { Drawer, type DrawerProps, Grid } from 'antd';

export function SideDrawer({
  width,
  ...drawer
}: Omit<DrawerProps, 'width' | 'destroyOnHidden'> & { /** The width on a desktop screen. */ width: number }) {
  const screens = Grid.useBreakpoint();
  return <Drawer {...drawer} width={screens.md ? width : '100%'} destroyOnHidden />;
}
