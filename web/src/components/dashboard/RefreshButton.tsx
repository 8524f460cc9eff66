// The icon button that fetches a dashboard's summary again, spinning while it does.
import { ReloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SummaryQuery } from './summaryQuery';

export function RefreshButton({ query }: { query: SummaryQuery }) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      icon={<ReloadOutlined />}
      onClick={() => void query.refetch()}
      aria-label={t('dashboard.refresh')}
      loading={query.isFetching}
    />
  );
}
