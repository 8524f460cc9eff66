// Every shipping-note list of spec §1 is this one screen over a filtered view of the notes (issue 8 §3):
// the server enforces the view's filter and permission; here each view picks its columns and actions.
import { useMemo } from 'react';
import { ResourceListPage, type ResourcePageDef, type RowAction } from '../../../components/resource';
import type { Bilingual } from '../../../components/resource/types';
import { NoteDetail } from './NoteDetail';
import { BASE_SEARCH, noteFields } from './noteFields';
import { useHasCode } from './useHasCode';
import { useNoteSteps } from './useNoteSteps';

export type NoteView =
  | 'main'
  | 'pay'
  | 'prepay'
  | 'advance'
  | 'contract'
  | 'audit'
  | 'history'
  | 'track'
  | 'daoda';

interface ViewConfig {
  title: Bilingual;
  perm: string;
  listed: string[];
  search?: string[];
  /** Step actions offered on this list (all of them on the main list). */
  steps?: string[];
  defaultSort?: ResourcePageDef['defaultSort'];
}

const MONEY = ['driverFee', 'customerFee', 'feeTotal'];
/** `?state=1` (settlement due, spec §2) and status links open the list filtered. */
const URL_FILTERS = ['state', 'status', 'payStatus'];

const VIEWS: Record<NoteView, ViewConfig> = {
  main: {
    title: ['运单列表', 'Shipping notes'],
    perm: 'shipping:note',
    listed: [
      'shippingNoteNumber',
      'status',
      'customerName',
      'route',
      'driverName',
      'plateNo',
      'goodsName',
      'loadWeightG',
      'unloadWeightG',
      ...MONEY,
      'payStatus',
      'createTime',
    ],
    search: [
      ...BASE_SEARCH,
      'state',
      'orderNo',
      'payStatus',
      'invoiceStatus',
      'reportStatus',
      'orderMode',
      'settleMode',
      'loadTime',
      'auditTime',
    ],
  },
  pay: {
    title: ['支付运单', 'Notes to pay'],
    perm: 'shipping:pay',
    listed: [
      'shippingNoteNumber',
      'customerName',
      'driverName',
      'plateNo',
      'settleMode',
      'dueDate',
      'driverFee',
      'prepayFen',
      'finalPayFen',
      'customerFee',
      'payStatus',
      'auditTime',
    ],
    search: [...BASE_SEARCH, 'state', 'payStatus', 'settleMode', 'auditTime'],
    steps: [],
    defaultSort: { column: 'dueDate', order: 'asc' },
  },
  prepay: {
    title: ['预付运单', 'Prepayments'],
    perm: 'shipping:prepay',
    listed: [
      'shippingNoteNumber',
      'status',
      'customerName',
      'driverName',
      'plateNo',
      'loadWeightG',
      'prepayFen',
      'driverFee',
      'payStatus',
      'loadTime',
    ],
    search: [...BASE_SEARCH, 'payStatus', 'loadTime'],
    steps: [],
  },
  advance: {
    title: ['垫付运单', 'Advances'],
    perm: 'shipping:advance',
    listed: [
      'shippingNoteNumber',
      'customerName',
      'settleMode',
      'dueDate',
      'driverName',
      'plateNo',
      'driverFee',
      'customerFee',
      'payStatus',
      'auditTime',
    ],
    search: [...BASE_SEARCH, 'payStatus', 'settleMode'],
    steps: [],
  },
  contract: {
    title: ['运输合同', 'Transport contracts'],
    perm: 'shipping:contract',
    listed: [
      'contractNo',
      'shippingNoteNumber',
      'status',
      'customerName',
      'driverName',
      'plateNo',
      'route',
      'goodsName',
      'driverFee',
      'acceptTime',
    ],
    search: [...BASE_SEARCH, 'contractNo'],
    steps: [],
  },
  audit: {
    title: ['运单审核', 'Audit'],
    perm: 'shipping:audit',
    listed: [
      'shippingNoteNumber',
      'customerName',
      'driverName',
      'plateNo',
      'route',
      'loadWeightG',
      'unloadWeightG',
      'lossWeightG',
      'lossDeductionFen',
      ...MONEY,
      'signTime',
    ],
    search: BASE_SEARCH.filter((f) => f !== 'status'),
    steps: ['audit', 'correct', 'void', 'track'],
  },
  history: {
    title: ['历史运单', 'History'],
    perm: 'shipping:history',
    listed: [
      'shippingNoteNumber',
      'status',
      'customerName',
      'driverName',
      'plateNo',
      'route',
      'customerFee',
      'closeReason',
      'createTime',
    ],
    search: BASE_SEARCH,
    steps: ['track'],
  },
  track: {
    title: ['轨迹查询', 'Tracks'],
    perm: 'shipping:track',
    listed: ['shippingNoteNumber', 'status', 'driverName', 'plateNo', 'route', 'loadTime', 'unloadTime'],
    search: [...BASE_SEARCH, 'loadTime'],
    steps: ['track'],
    defaultSort: { column: 'loadTime', order: 'desc' },
  },
  daoda: {
    title: ['到达清单', 'Arrivals'],
    perm: 'shipping:daoda',
    listed: [
      'shippingNoteNumber',
      'customerName',
      'driverName',
      'plateNo',
      'route',
      'loadWeightG',
      'unloadWeightG',
      'lossWeightG',
      'unloadTime',
    ],
    search: BASE_SEARCH.filter((f) => f !== 'status'),
    steps: ['sign', 'correct', 'track'],
    defaultSort: { column: 'unloadTime', order: 'desc' },
  },
};

export function NoteListPage({ view }: { view: NoteView }) {
  const config = VIEWS[view];
  const { actions, modals } = useNoteSteps();
  const canSeeHistory = useHasCode('shipping:note:list');
  const def = useMemo<ResourcePageDef>(() => {
    const rowActions: RowAction[] = config.steps
      ? actions.filter((a) => config.steps?.includes(a.key))
      : actions;
    const source = view === 'main' ? '/shipping/hyShippingNote' : `/shipping/hyShippingNote/${view}`;
    return {
      api: source,
      title: config.title,
      perm: config.perm,
      fields: noteFields(config.listed, config.search),
      urlFilters: URL_FILTERS,
      actions: { add: false, edit: false, delete: false, import: false },
      rowActions,
      defaultSort: config.defaultSort,
      detailExtra: (row) => <NoteDetail listed={row} source={source} canSeeHistory={canSeeHistory} />,
    };
  }, [config, view, actions, canSeeHistory]);
  return (
    <>
      <ResourceListPage def={def} />
      {modals}
    </>
  );
}
