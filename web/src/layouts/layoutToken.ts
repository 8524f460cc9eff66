// ProLayout design tokens for a dark or light menu on a light page.
import type { ProTokenType } from '@ant-design/pro-components';

const DARK_BG = '#001529';

export function layoutToken(dark: boolean, top: boolean, primary: string): ProTokenType['layout'] {
  const darkMenu = {
    colorMenuBackground: DARK_BG,
    colorTextMenu: 'rgba(255,255,255,0.75)',
    colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
    colorTextMenuSelected: '#fff',
    colorTextMenuActive: '#fff',
    colorTextMenuItemHover: '#fff',
    colorTextMenuTitle: '#fff',
    colorTextSubMenuSelected: '#fff',
    colorBgMenuItemSelected: primary,
    colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
    colorBgMenuItemActive: 'rgba(255,255,255,0.12)',
    colorBgMenuItemCollapsedElevated: DARK_BG,
    colorMenuItemDivider: 'rgba(255,255,255,0.12)',
    colorBgCollapsedButton: DARK_BG,
    colorTextCollapsedButton: 'rgba(255,255,255,0.75)',
    colorTextCollapsedButtonHover: '#fff',
  };
  const lightMenu = {
    colorMenuBackground: '#fff',
    colorTextMenuSelected: primary,
    colorTextSubMenuSelected: primary,
    colorBgMenuItemSelected: `${primary}1a`,
    colorTextMenuTitle: 'rgba(0,0,0,0.88)',
  };
  return {
    bgLayout: '#f0f2f5',
    colorPrimary: primary,
    sider: dark ? darkMenu : lightMenu,
    header:
      top && dark
        ? {
            colorBgHeader: DARK_BG,
            colorBgScrollHeader: DARK_BG,
            colorHeaderTitle: '#fff',
            colorTextMenu: 'rgba(255,255,255,0.75)',
            colorTextMenuSecondary: 'rgba(255,255,255,0.65)',
            colorTextMenuSelected: '#fff',
            colorTextMenuActive: '#fff',
            colorBgMenuItemSelected: primary,
            colorBgMenuItemHover: 'rgba(255,255,255,0.08)',
            colorBgMenuElevated: DARK_BG,
            colorTextRightActionsItem: 'rgba(255,255,255,0.85)',
            colorBgRightActionsItemHover: 'rgba(255,255,255,0.08)',
          }
        : {
            colorBgHeader: '#fff',
            colorBgScrollHeader: '#fff',
            colorHeaderTitle: 'rgba(0,0,0,0.88)',
            colorTextMenuSelected: primary,
            colorBgMenuItemSelected: `${primary}1a`,
          },
    pageContainer: {
      paddingInlinePageContainerContent: 16,
      paddingBlockPageContainerContent: 16,
    },
  };
}
