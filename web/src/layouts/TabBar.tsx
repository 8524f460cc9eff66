// Multi-tab bar: home first and unclosable, last tab unclosable, context menu keys 1-4.
import {
  ColumnWidthOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { TAB_MENU_KEYS, tabCommandOfKey } from '@freight/contracts';
import { Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { findViewRoute } from '../app/menuRoutes';
import { useUnsavedRegistry } from '../components/form/unsavedRegistry';
import { feedback } from '../services/feedback';
import { tabHref, useTabs } from '../stores/tabs';
import { useMenuModel } from './useMenuModel';

export function TabBar({ activeKey }: { activeKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs((s) => s.tabs);
  const { routes } = useMenuModel();
  // A tab keeps the title it opened with; the menu's title wins so a language switch renames open tabs.
  const titleOf = (tab: { path: string; title: string }) =>
    findViewRoute(routes, tab.path)?.route.title ?? tab.title;

  const go = (path: string) => navigate(tabHref(useTabs.getState().tabs, path));

  const closeNow = (path: string) => {
    const { refused, active } = useTabs.getState().close(path);
    if (refused) {
      feedback.message.warning(refused);
      return;
    }
    if (active !== activeKey) go(active);
  };

  const close = (path: string) => {
    if (!useUnsavedRegistry.getState().hasUnsaved(path)) {
      closeNow(path);
      return;
    }
    feedback.modal.confirm({
      title: t('tabs.unsavedTitle'),
      content: t('tabs.unsavedContent'),
      okButtonProps: { danger: true },
      onOk: () => closeNow(path),
    });
  };

  const onMenu = (path: string, key: string) => {
    const command = tabCommandOfKey(key);
    if (!command) return;
    const next = useTabs.getState().command(command, path);
    if (next !== activeKey) go(next);
  };

  const menuItems = [
    { key: TAB_MENU_KEYS.closeLeft, icon: <VerticalRightOutlined />, label: t('tabs.closeLeft') },
    { key: TAB_MENU_KEYS.closeRight, icon: <VerticalLeftOutlined />, label: t('tabs.closeRight') },
    { key: TAB_MENU_KEYS.closeOthers, icon: <ColumnWidthOutlined />, label: t('tabs.closeOthers') },
    { key: TAB_MENU_KEYS.refresh, icon: <ReloadOutlined />, label: t('tabs.refresh') },
  ];

  return (
    <nav className="tab-bar" data-testid="tab-bar" aria-label={t('tabs.label')}>
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={go}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tabs.map((tab) => ({
          key: tab.path,
          closable: true,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: menuItems,
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  onMenu(tab.path, key);
                },
              }}
            >
              <span className="tab-bar-label" data-testid="tab-item" data-path={tab.path}>
                {titleOf(tab)}
              </span>
            </Dropdown>
          ),
        }))}
      />
    </nav>
  );
}
