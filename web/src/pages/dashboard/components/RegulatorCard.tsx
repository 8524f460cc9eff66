// The regulator outbox on the home page: failed and overdue reports are what operations must act on today,
// each figure opens the list that holds them. Shown to those who may open 交通监管同步.
import { useQuery } from '@tanstack/react-query';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { TileGrid } from '../../../components/dashboard/TileGrid';
import { useMenuModel } from '../../../layouts/useMenuModel';
import { dashboardApi } from '../../../services/dashboardApi';

const TRANSPORT = '/report/transport';
const UPLOAD = '/report/upload';

export function RegulatorCard() {
  const { t } = useTranslation();
  const { routes } = useMenuModel();
  const allowed = routes.some((r) => r.path === TRANSPORT);
  const canUpload = routes.some((r) => r.path === UPLOAD);
  const summary = useQuery({
    queryKey: ['regulatorSummary'],
    queryFn: dashboardApi.regulatorSummary,
    enabled: allowed,
    retry: false,
  });
  if (!allowed || summary.isError) return null;
  const tiles = [
    {
      key: 'regulatorPending',
      value: (summary.data?.pending ?? 0) + (summary.data?.sending ?? 0),
      to: TRANSPORT,
    },
    {
      key: 'regulatorFailed',
      value: summary.data?.failed ?? 0,
      to: canUpload ? UPLOAD : TRANSPORT,
      danger: true,
    },
    { key: 'regulatorOverdue', value: summary.data?.overdue ?? 0, to: TRANSPORT, danger: true },
    { key: 'regulatorAccepted', value: summary.data?.accepted ?? 0, to: TRANSPORT },
  ];
  return (
    <Card variant="borderless" title={t('dashboard.regulator')} className="mt16" data-testid="regulator-card">
      <TileGrid
        tiles={tiles.map((tile) => ({
          key: tile.key,
          title: t(`dashboard.${tile.key}`),
          value: tile.value,
          to: tile.to,
          valueStyle: tile.danger && tile.value > 0 ? { color: '#cf1322' } : undefined,
        }))}
        col={{ xs: 12, sm: 6 }}
        testIdPrefix="tile"
        loading={summary.isLoading}
      />
    </Card>
  );
}
