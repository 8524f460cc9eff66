// Menu in a drawer below 1087.99px.
import { Drawer, Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ProMenuItem } from './useMenuModel';

type Items = NonNullable<MenuProps['items']>;

function toItems(items: readonly ProMenuItem[]): Items {
  return items
    .filter((i) => !i.hideInMenu)
    .map((i) => {
      const children = i.children?.filter((c) => !c.hideInMenu);
      return children?.length
        ? { key: i.path, icon: i.icon, label: i.name, children: toItems(children) }
        : { key: i.path, icon: i.icon, label: i.name };
    });
}

function findExternal(items: readonly ProMenuItem[], key: string): string | undefined {
  for (const i of items) {
    if (i.path === key) return i.externalUrl;
    const hit = i.children ? findExternal(i.children, key) : undefined;
    if (hit) return hit;
  }
  return undefined;
}

export function MobileMenu(props: {
  open: boolean;
  onClose: () => void;
  menuData: ProMenuItem[];
  selected: string;
  dark: boolean;
  brand: { logo: string; title: string; home: string };
}) {
  const navigate = useNavigate();
  const items = useMemo(() => toItems(props.menuData), [props.menuData]);
  return (
    <Drawer
      open={props.open}
      onClose={props.onClose}
      placement="left"
      width={256}
      closable={false}
      rootClassName={`mobile-menu ${props.dark ? 'mobile-menu-dark' : ''}`}
      styles={{ body: { padding: 0, background: props.dark ? '#001529' : '#fff' } }}
      data-testid="mobile-menu"
    >
      <Link to={props.brand.home} className="mobile-menu-brand" onClick={props.onClose}>
        <img src={props.brand.logo} alt="logo" />
        <span>{props.brand.title}</span>
      </Link>
      <Menu
        mode="inline"
        theme={props.dark ? 'dark' : 'light'}
        items={items}
        selectedKeys={[props.selected]}
        onClick={({ key }) => {
          const url = findExternal(props.menuData, key);
          if (url) window.open(url, '_blank', 'noopener');
          else navigate(key);
          props.onClose();
        }}
      />
    </Drawer>
  );
}
