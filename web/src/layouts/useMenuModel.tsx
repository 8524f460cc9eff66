// The permission-filtered menu as route table (for the outlet) and as ProLayout menu data.
import { filterMenusByPermission, type MenuItem } from '@freight/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { buildViewRoutes, isExternalUrl, menuTitle, type ViewRoute, withBuiltIns } from '../app/menuRoutes';
import { MenuIcon } from '../components/common/MenuIcon';
import { usePermissions } from '../stores/permissions';

export interface ProMenuItem {
  path: string;
  name: string;
  icon?: React.ReactNode;
  hideInMenu?: boolean;
  /** Set on links that open in a new browser tab. */
  externalUrl?: string;
  children?: ProMenuItem[];
}

function toProMenu(items: readonly MenuItem[], language: string): ProMenuItem[] {
  return items
    .filter((item) => item.route !== '0')
    .map((item) => {
      const meta = item.meta;
      const url = isExternalUrl(meta?.url) ? meta.url : isExternalUrl(item.path) ? item.path : undefined;
      const path = isExternalUrl(item.path) ? `/__external/${item.id}` : `/${item.path.replace(/^\/+/, '')}`;
      const children = item.children?.length ? toProMenu(item.children, language) : undefined;
      return {
        path,
        name: menuTitle(item, language),
        icon: meta?.icon ? <MenuIcon name={meta.icon} /> : undefined,
        hideInMenu: Boolean(item.hidden || meta?.hidden),
        externalUrl: url && meta?.internalOrExternal ? url : undefined,
        children,
      };
    });
}

export interface MenuModel {
  routes: ViewRoute[];
  menuData: ProMenuItem[];
}

export function useMenuModel(): MenuModel {
  const menu = usePermissions((s) => s.menu);
  const codes = usePermissions((s) => s.codes);
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'zh-CN';
  return useMemo(() => {
    const filtered = filterMenusByPermission(menu, codes);
    return {
      routes: withBuiltIns(buildViewRoutes(filtered, language), language),
      menuData: toProMenu(filtered, language),
    };
  }, [menu, codes, language]);
}
