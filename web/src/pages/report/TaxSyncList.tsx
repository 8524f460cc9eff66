// 税务数据同步: the batches of drivers' tax data sent to the tax authority, from the tax batch
// declaration; a month's pending records are sent from here, the batch's records shown in its drawer. Beside
// them, the platform's quarterly income reports (国务院令第810号) from their declaration: generated from the
// ledger, reviewed by a second person, sent and resent through the same tax adapter, each with its state.
import {
  INCOME_REPORT_STATE,
  incomeReportLineResource,
  incomeReportResource,
  taxBatchResource,
  taxRecordResource,
} from '@freight/contracts';
import { useMemo, useState } from 'react';
import { usePostAction } from '../../components/common/usePostAction';
import { PeriodDialog } from '../../components/finance/PeriodDialog';
import {
  pageOf,
  ResourceListPage,
  type ResourcePageDef,
  type RowAction,
  useCan,
  useResourcePage,
} from '../../components/resource';
import { ChildList } from '../../components/resource/ChildList';
import { ResourceTabs } from '../../components/resource/ResourceTabs';
import type { Bilingual } from '../../components/resource/types';
import { announceChange } from '../../services/resourceEvents';

type Row = Record<string, unknown>;

const INCOME = incomeReportResource.path;

/** The steps of a quarterly income report, each from the state it starts at. */
const INCOME_STEPS: Array<{ key: string; label: Bilingual; from: number; confirm?: Bilingual }> = [
  {
    key: 'review',
    label: ['复核', 'Review'],
    from: INCOME_REPORT_STATE.draft,
    confirm: [
      '确认已核对本季度收入明细？复核须由生成人以外的人员进行',
      'Lines checked? A second person reviews',
    ],
  },
  {
    key: 'send',
    label: ['报送', 'Send'],
    from: INCOME_REPORT_STATE.reviewed,
    confirm: ['报送后本季度不能重新生成，确认报送？', 'A sent quarter cannot be generated again. Send?'],
  },
  { key: 'resend', label: ['重新报送', 'Resend'], from: INCOME_REPORT_STATE.failed },
];

export default function TaxSyncList() {
  const can = useCan();
  const post = usePostAction();
  const [dialog, setDialog] = useState<'send' | 'generate' | null>(null);
  const def = useResourcePage(taxBatchResource, [], () => ({
    toolbar: [
      {
        key: 'send',
        label: ['发送税务', 'Send to the tax authority'],
        perm: 'report:tax:send',
        run: () => setDialog('send'),
      },
    ],
    detailExtra: (row) => (
      <ChildList
        resource={taxRecordResource}
        parentField="batchId"
        parentId={String(row.id)}
        exportable={false}
      />
    ),
  }));
  const incomeDef = useMemo<ResourcePageDef>(() => {
    const step = (path: string) => async (row: Row) => {
      await post<Row | null>(
        `${INCOME}/${path}`,
        { id: row.id },
        (result) => result?.state === INCOME_REPORT_STATE.failed,
      );
      announceChange(INCOME);
    };
    const state = (row: Row) => Number(row.state);
    return pageOf(incomeReportResource, {
      rowActions: INCOME_STEPS.map(
        (s): RowAction => ({
          key: s.key,
          label: s.label,
          perm: `report:income:${s.key}`,
          visible: (row) => state(row) === s.from,
          confirm: s.confirm,
          run: step(s.key),
        }),
      ),
      toolbar: [
        {
          key: 'generate',
          label: ['生成收入报告', 'Generate report'],
          perm: 'report:income:generate',
          run: () => setDialog('generate'),
        },
      ],
      detailExtra: (row) => (
        <ChildList resource={incomeReportLineResource} parentField="reportId" parentId={String(row.id)} />
      ),
    });
  }, [post]);
  const showIncome = can('report:income:list');
  return (
    <>
      {showIncome ? (
        <ResourceTabs
          card={false}
          tabs={[
            { key: 'batches', label: ['完税数据批次', 'Driver tax batches'], def },
            { key: 'income', label: ['平台收入季度报送', 'Quarterly income reports'], def: incomeDef },
          ]}
        />
      ) : (
        <ResourceListPage def={def} />
      )}
      {dialog === 'send' && (
        <PeriodDialog
          title={['发送税务', 'Send to the tax authority']}
          url={`${taxBatchResource.path}/send`}
          onClose={(changed) => {
            if (changed) {
              announceChange(taxBatchResource.path);
              announceChange(taxRecordResource.path);
            }
            setDialog(null);
          }}
        />
      )}
      {dialog === 'generate' && (
        <PeriodDialog
          title={['生成收入报告', 'Generate the income report']}
          url={`${INCOME}/generate`}
          picker="quarter"
          onClose={(changed) => {
            if (changed) announceChange(INCOME);
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
