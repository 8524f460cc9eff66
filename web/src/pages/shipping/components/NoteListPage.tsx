// Every shipping-note list of spec §1 is this one screen over a filtered view of the notes (issue 8 §3):
// the server enforces the view's filter and permission and sends the view's columns (NOTE_VIEW_COLUMNS,
// shared with it); here each view picks its search fields and actions. The drawer reads the whole record.
import { NOTE_VIEW_COLUMNS, type NoteView } from '@freight/contracts';
import { useMemo } from 'react';
import { ResourceListPage, type ResourcePageDef, type RowAction } from '../../../components/resource';
import type { Bilingual } from '../../../components/resource/types';
import { NoteDetail } from './NoteDetail';
import { BASE_SEARCH, noteFields } from './noteFields';
import { useHasCode } from './useHasCode';
import { useNoteSteps } from './useNoteSteps';

interface ViewConfig {
  title: Bilingual;
  perm: string;
  search?: string[];
  /** Step actions offered on this list (all of them on the main list). */
  steps?: string[];
  defaultSort?: ResourcePageDef['defaultSort'];
}

/** `?state=1` (settlement due, spec §2) and status links open the list filtered. */
const URL_FILTERS = ['state', 'status', 'payStatus'];

const VIEWS: Record<NoteView, ViewConfig> = {
  main: {
    title: ['运单列表', 'Shipping notes'],
    perm: 'shipping:note',
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
    search: [...BASE_SEARCH, 'state', 'payStatus', 'settleMode', 'auditTime'],
    steps: [],
    defaultSort: { column: 'dueDate', order: 'asc' },
  },
  prepay: {
    title: ['预付运单', 'Prepayments'],
    perm: 'shipping:prepay',
    search: [...BASE_SEARCH, 'payStatus', 'loadTime'],
    steps: [],
  },
  advance: {
    title: ['垫付运单', 'Advances'],
    perm: 'shipping:advance',
    search: [...BASE_SEARCH, 'payStatus', 'settleMode'],
    steps: [],
  },
  contract: {
    title: ['运输合同', 'Transport contracts'],
    perm: 'shipping:contract',
    search: [...BASE_SEARCH, 'contractNo'],
    steps: [],
  },
  audit: {
    title: ['运单审核', 'Audit'],
    perm: 'shipping:audit',
    search: BASE_SEARCH.filter((f) => f !== 'status'),
    steps: ['audit', 'correct', 'void', 'track'],
  },
  history: {
    title: ['历史运单', 'History'],
    perm: 'shipping:history',
    search: BASE_SEARCH,
    steps: ['track'],
  },
  track: {
    title: ['轨迹查询', 'Tracks'],
    perm: 'shipping:track',
    search: [...BASE_SEARCH, 'loadTime'],
    steps: ['track'],
    defaultSort: { column: 'loadTime', order: 'desc' },
  },
  daoda: {
    title: ['到达清单', 'Arrivals'],
    perm: 'shipping:daoda',
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
    return {
      api: view === 'main' ? '/shipping/hyShippingNote' : `/shipping/hyShippingNote/${view}`,
      title: config.title,
      perm: config.perm,
      fields: noteFields(NOTE_VIEW_COLUMNS[view], config.search),
      urlFilters: URL_FILTERS,
      actions: { add: false, edit: false, delete: false, import: false },
      rowActions,
      defaultSort: config.defaultSort,
      detailFromRecord: true,
      detailExtra: (row) => <NoteDetail row={row} canSeeHistory={canSeeHistory} />,
    };
  }, [config, view, actions, canSeeHistory]);
  return (
    <>
      <ResourceListPage def={def} />
      {modals}
    </>
  );
}
