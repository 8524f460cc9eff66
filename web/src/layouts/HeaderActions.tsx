import { MenuOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ViewRoute } from '../app/menuRoutes';
import { LanguageSwitch } from '../components/common/LanguageSwitch';
import { CustomerSwitch } from '../components/header/CustomerSwitch';
import { MenuSearch } from '../components/header/MenuSearch';
import { NoticeBell } from '../components/header/NoticeBell';
import { UserMenu } from '../components/header/UserMenu';
import { WelcomeText } from '../components/header/WelcomeText';

/** Left side of the header in side layout: the mobile menu button and the welcome text. */
export function HeaderLeft({ mobile, onOpenMenu }: { mobile: boolean; onOpenMenu: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="header-left">
      {mobile ? (
        <Button
          type="text"
          icon={<MenuOutlined />}
          onClick={onOpenMenu}
          aria-label={t('header.openMenu')}
          data-testid="mobile-menu-button"
        />
      ) : null}
      <span className="hide-mobile">
        <WelcomeText />
      </span>
    </div>
  );
}

/** Right side of the header: menu search, customer switch, bell, language, user menu. */
export function HeaderRight({ routes, dark }: { routes: ViewRoute[]; dark: boolean }) {
  return (
    <div className={`header-right ${dark ? 'header-right-dark' : ''}`} data-testid="header-actions">
      <span className="hide-xs">
        <MenuSearch routes={routes} />
      </span>
      <CustomerSwitch />
      <NoticeBell />
      <LanguageSwitch dark={dark} />
      <UserMenu />
    </div>
  );
}
