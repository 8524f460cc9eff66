// The error panel of the dashboards: what failed, and a retry.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../services/request';
import type { SummaryQuery } from './summaryQuery';

export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      message={t('common.loadFailed')}
      description={errorText(error)}
      action={
        <Button size="small" onClick={onRetry}>
          {t('dashboard.refresh')}
        </Button>
      }
      className="mb16"
      data-testid="dashboard-error"
    />
  );
}

/** The error panel of a summary query, shown only while it has failed; retrying fetches it again. */
export function QueryError({ query }: { query: SummaryQuery }) {
  return query.isError ? <DashboardError error={query.error} onRetry={() => void query.refetch()} /> : null;
}
