// Main layout on ProLayout: side or top menu, header widgets, breadcrumb, multi-tab bar,
// kept-alive pages, footer; menu in a drawer below 1087.99px.
import { ProLayout } from '@ant-design/pro-components';
import { documentTitle, HOME_PATH, NOT_FOUND_PATH, SIDER_WIDTH, shouldShowTabs } from '@freight/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, Result } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { findViewRoute } from '../app/menuRoutes';
import { queryClient } from '../app/queryClient';
import { useDayjsLocale } from '../app/useDayjsLocale';
import { SettingDrawer } from '../components/SettingDrawer';
import { FullPageSpin } from '../components/status/FullPageSpin';
import Exception403 from '../pages/exception/403';
import { assetUrl, DEFAULT_LOGO_DARK, DEFAULT_LOGO_LIGHT } from '../services/assets';
import { platformName, usePlatform } from '../stores/platform';
import { useSettings } from '../stores/settings';
import { useSettingsDrawer } from '../stores/settingsDrawer';
import { useTabs } from '../stores/tabs';
import { HeaderLeft, HeaderRight } from './HeaderActions';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { LayoutFooter } from './LayoutFooter';
import { layoutToken } from './layoutToken';
import { MobileMenu } from './MobileMenu';
import { PageBreadcrumb } from './PageBreadcrumb';
import { PrivacyConsentGate } from './PrivacyConsentGate';
import { TabBar } from './TabBar';
import { useHeaderAutoHide } from './useHeaderAutoHide';
import { useDevice } from './useMediaQuery';
import { type ProMenuItem, useMenuModel } from './useMenuModel';
import { usePathAccess } from './usePathAccess';

export default function BasicLayout() {
  const { t } = useTranslation();
  useDayjsLocale();
  const location = useLocation();
  const { routes, menuData } = useMenuModel();
  const settings = useSettings((s) => s.settings);
  const collapsed = useSettings((s) => s.collapsed);
  const platform = usePlatform((s) => s.settings);
  const { mobile } = useDevice();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const settingsDrawerOpen = useSettingsDrawer((s) => s.open);
  const headerHidden = useHeaderAutoHide(settings.fixedHeader && settings.autoHideHeader);

  const name = platformName(platform);
  const dark = settings.navTheme === 'dark';
  const top = settings.layout === 'topmenu' && !mobile;
  const screen = !shouldShowTabs(location.pathname);
  const match = findViewRoute(routes, location.pathname);
  const route = match?.route ?? null;
  const isPage = Boolean(route && !route.redirect && !route.openInNewWindow);
  const fullPath = `${location.pathname}${location.search}${location.hash}`;
  const currentKey = location.pathname;
  const logo =
    dark || top
      ? assetUrl(
          dark ? platform?.platform_logo_dark : platform?.platform_logo_light,
          dark ? DEFAULT_LOGO_DARK : DEFAULT_LOGO_LIGHT,
        )
      : assetUrl(platform?.platform_logo_light, DEFAULT_LOGO_LIGHT);

  useEffect(() => {
    if (route && isPage) useTabs.getState().open({ path: currentKey, title: route.title, fullPath });
  }, [route, isPage, currentKey, fullPath]);

  useEffect(() => {
    document.title = documentTitle(route?.title, name);
  }, [route?.title, name]);

  useEffect(() => {
    if (route?.openInNewWindow && route.url) window.open(route.url, '_blank', 'noopener');
  }, [route]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the drawer closes on every navigation
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // A path of the menu that the user may not open shows 403 inside the layout; an unknown one is a 404.
  const access = usePathAccess(route ? null : location.pathname);
  if (!route && access !== 'denied')
    return access === 'checking' ? <FullPageSpin /> : <Navigate to={NOT_FOUND_PATH} replace />;
  if (route?.redirect && route.redirect !== route.path) return <Navigate to={route.redirect} replace />;

  const showTabs = settings.multipage && !screen;
  const brand = (logoDom: ReactNode, titleDom: ReactNode) => (
    <Link to={HOME_PATH} className="layout-brand" data-testid="layout-brand">
      {logoDom}
      {mobile ? null : titleDom}
    </Link>
  );
  return (
    <QueryClientProvider client={queryClient}>
      {/* antd's App context for pages that call App.useApp(). */}
      <AntApp component={false}>
        <ProLayout
          className={`basic-layout ${headerHidden ? 'header-auto-hidden' : ''} ${dark ? 'nav-dark' : 'nav-light'}`}
          title={name}
          logo={<img src={logo} alt="logo" />}
          // ProLayout draws no header in 'side' layout; 'mix' without split menus is the side menu with a header.
          layout={top ? 'top' : 'mix'}
          splitMenus={false}
          navTheme="light"
          token={layoutToken(dark, top, settings.primaryColor)}
          fixSiderbar={settings.fixSiderbar}
          fixedHeader={settings.fixedHeader}
          contentWidth={top ? settings.contentWidth : 'Fluid'}
          siderWidth={SIDER_WIDTH}
          collapsed={collapsed}
          onCollapse={(c) => useSettings.getState().setCollapsed(c)}
          breakpoint={false}
          disableMobile
          menuRender={mobile ? false : undefined}
          route={{ path: '/', children: menuData }}
          location={{ pathname: location.pathname }}
          menu={{ locale: false }}
          menuItemRender={(item, dom) => {
            const external = (item as ProMenuItem).externalUrl;
            if (external) {
              return (
                <a href={external} target="_blank" rel="noreferrer">
                  {dom}
                </a>
              );
            }
            return <Link to={item.path ?? '/'}>{dom}</Link>;
          }}
          // The brand sits in the header: the logo links home; the title gives way on phones. The top layout
          // draws its brand through menuHeaderRender, the mix layout through headerTitleRender.
          menuHeaderRender={top ? brand : false}
          headerTitleRender={brand}
          headerContentRender={(_, dom) =>
            top ? dom : <HeaderLeft mobile={mobile} onOpenMenu={() => setDrawerOpen(true)} />
          }
          actionsRender={() => [<HeaderRight key="actions" routes={routes} dark={top && dark} />]}
          footerRender={screen ? false : () => <LayoutFooter />}
        >
          <div className="layout-content" data-testid="layout-content">
            {showTabs ? <TabBar activeKey={currentKey} /> : null}
            {route && isPage && !screen ? <PageBreadcrumb route={route} /> : null}
            {!route ? (
              <Exception403 />
            ) : route.openInNewWindow ? (
              <Result status="info" title={route.title} subTitle={t('page.externalOpened')} />
            ) : (
              <KeepAliveOutlet routes={routes} currentKey={currentKey} keepAlive={settings.multipage} />
            )}
          </div>
        </ProLayout>
        <PrivacyConsentGate />
        <SettingDrawer
          open={settingsDrawerOpen}
          onClose={() => useSettingsDrawer.getState().setOpen(false)}
        />
        {mobile ? (
          <MobileMenu
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            menuData={menuData}
            selected={location.pathname}
            dark={dark}
            brand={{ logo, title: name, home: HOME_PATH }}
          />
        ) : null}
      </AntApp>
    </QueryClientProvider>
  );
}
