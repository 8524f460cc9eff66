import { HomeOutlined } from '@ant-design/icons';
import { HOME_PATH } from '@freight/contracts';
import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ViewRoute } from '../app/menuRoutes';

/** Breadcrumb page header: home first, then the matched routes. */
export function PageBreadcrumb({ route }: { route: ViewRoute }) {
  const { t } = useTranslation();
  // Home first, then the matched routes; a parent titled like home (the dashboard group) is not repeated.
  const trail = [...route.parents, { path: route.path, title: route.title }].filter(
    (c, i, all) =>
      c.path !== HOME_PATH && (i === 0 || all[i - 1].title !== c.title) && c.title !== t('tabs.home'),
  );
  const items = [
    {
      key: 'home',
      title: (
        <Link to={HOME_PATH}>
          <HomeOutlined /> <span>{t('tabs.home')}</span>
        </Link>
      ),
    },
    ...trail.map((c) => ({ key: c.path, title: c.title })),
  ];
  return (
    <div className="page-header" data-testid="page-header">
      <Breadcrumb items={items} />
      <h1 className="page-header-title">{route.title}</h1>
    </div>
  );
}
