// The frame of the public sign-in screens: background image, language toggle, logo and platform name, and
// the footer from platform settings. The login layout and the shipper registration page (which has no
// layout route of its own) both stand in it.
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { usePlatformName } from '../app/usePlatformSettings';
import { LanguageToggle } from '../components/common/LanguageToggle';
import { PlatformFooter } from '../components/common/PlatformFooter';
import { assetUrl, DEFAULT_LOGIN_BG, DEFAULT_LOGO_LIGHT } from '../services/assets';
import { usePlatform } from '../stores/platform';

interface Props {
  /** The screen's own title, put before the platform name in the browser tab. */
  title?: string;
  /** Show the platform's subtitle (logo_title) under its name. */
  withSubtitle?: boolean;
  children: ReactNode;
}

export function UserLayoutFrame({ title, withSubtitle = false, children }: Props) {
  const settings = usePlatform((s) => s.settings);
  const name = usePlatformName();
  const bg = assetUrl(settings?.bg, DEFAULT_LOGIN_BG);
  const subtitle = withSubtitle ? settings?.logo_title?.trim() : undefined;
  const logo = assetUrl(settings?.platform_logo_light, DEFAULT_LOGO_LIGHT);

  useEffect(() => {
    document.title = title ? `${title} - ${name}` : name;
  }, [title, name]);

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
        {children}
      </main>
      <PlatformFooter settings={settings} />
    </div>
  );
}
