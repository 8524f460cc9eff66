import { SearchOutlined } from '@ant-design/icons';
import { MSG } from '@freight/contracts';
import { AutoComplete, Button, Input, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ViewRoute } from '../../app/menuRoutes';

/** Menu search in the header: menu titles and go to the chosen page. */
export function MenuSearch({ routes }: { routes: ViewRoute[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');

  const candidates = useMemo(
    () =>
      routes
        .filter((r) => !r.hidden && !r.redirect && !r.path.includes(':'))
        .map((r) => ({ route: r, label: [...r.parents.map((p) => p.title), r.title].join(' / ') })),
    [routes],
  );
  const keyword = text.trim().toLowerCase();
  const options = keyword
    ? candidates
        .filter((c) => c.label.toLowerCase().includes(keyword))
        .slice(0, 20)
        .map((c) => ({ value: c.route.path, label: c.label }))
    : [];

  const choose = (path: string) => {
    const route = routes.find((r) => r.path === path);
    setText('');
    setOpen(false);
    if (route?.openInNewWindow && route.url) window.open(route.url, '_blank', 'noopener');
    else navigate(path);
  };

  if (!open) {
    return (
      <Tooltip title={t('header.menuSearch')}>
        <Button
          type="text"
          icon={<SearchOutlined />}
          aria-label={t('header.menuSearch')}
          data-testid="menu-search"
          onClick={() => setOpen(true)}
        />
      </Tooltip>
    );
  }
  return (
    <AutoComplete
      autoFocus
      defaultOpen
      className="header-menu-search"
      options={options}
      value={text}
      onChange={setText}
      onSelect={choose}
      onBlur={() => setOpen(false)}
      notFoundContent={keyword ? MSG.searchEmpty : MSG.searchHint}
      data-testid="menu-search-input"
    >
      <Input
        prefix={<SearchOutlined />}
        placeholder={t('header.menuSearchPlaceholder')}
        allowClear
        size="small"
      />
    </AutoComplete>
  );
}
