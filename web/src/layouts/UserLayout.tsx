// Login layout: background image, logo, platform name as title, footer from platform settings.
import { useEffect } from 'react';
import { Link, Outlet } from 'react-router';
import { usePlatformName } from '../app/usePlatformSettings';
import { LanguageToggle } from '../components/common/LanguageToggle';
import { PlatformFooter } from '../components/common/PlatformFooter';
import { assetUrl, DEFAULT_LOGIN_BG, DEFAULT_LOGO_LIGHT } from '../services/assets';
import { usePlatform } from '../stores/platform';

export default function UserLayout() {
  const settings = usePlatform((s) => s.settings);
  const name = usePlatformName();
  const bg = assetUrl(settings?.bg, DEFAULT_LOGIN_BG);
  const subtitle = settings?.logo_title?.trim();
  const logo = assetUrl(settings?.platform_logo_light, DEFAULT_LOGO_LIGHT);

  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <div className="user-layout" style={{ backgroundImage: `url("${bg}")` }} data-testid="user-layout">
      <div className="user-layout-lang">
        <LanguageToggle />
      </div>
      <main className="user-layout-main">
        <header className="user-layout-header">
          <Link to="/home" className="user-layout-brand">
            <img src={logo} alt="logo" className="user-layout-logo" />
            <h1 className="user-layout-title">{name}</h1>
          </Link>
          {subtitle && subtitle !== name ? <p className="user-layout-subtitle">{subtitle}</p> : null}
        </header>
        <Outlet />
      </main>
      <PlatformFooter settings={settings} />
    </div>
  );
}
