// Every shipping-note list is this one screen over the notes' declaration or one of its views
// (contracts `noteResource`): the server enforces the view's filter and permission and sends the view's
// columns; here each list picks its step actions. The drawer reads the whole record.
import { type NoteView, noteResource } from '@freight/contracts';
import { Space, Typography } from 'antd';
import { useMemo } from 'react';
import { type PayKind, usePayActions } from '../../../components/finance/usePayActions';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { NoteDetail } from './NoteDetail';
import { useHasCode } from './useHasCode';
import { useNoteSteps } from './useNoteSteps';

type Row = Record<string, unknown>;

/** Step actions offered on each list (every one on the notes' own list). */
const STEPS: Partial<Record<NoteView, readonly string[]>> = {
  pay: [],
  prepay: [],
  advance: [],
  audit: ['audit', 'correct', 'void', 'track'],
  history: ['track'],
  track: ['track'],
  daoda: ['sign', 'correct', 'track'],
};

// The addresses on hover: the list sends them with the cities.
const route = (_value: unknown, row: Row) => (
  <Space
    size={4}
    wrap={false}
    title={`${String(row.loadAddress ?? '')} → ${String(row.unloadAddress ?? '')}`}
  >
    <span>{String(row.loadCity ?? '')}</span>
    <Typography.Text type="secondary">→</Typography.Text>
    <span>{String(row.unloadCity ?? '')}</span>
  </Space>
);

/** The pay action of each money list. */
const PAY_KIND: Partial<Record<NoteView, PayKind>> = { pay: 'pay', prepay: 'prepay', advance: 'advance' };

export function NoteListPage({ view }: { view: NoteView }) {
  const { actions, modals } = useNoteSteps();
  const kind = PAY_KIND[view];
  const kinds = useMemo(() => (kind ? [kind] : []), [kind]);
  const money = usePayActions(kinds);
  const paying = Boolean(kind);
  const canSeeHistory = useHasCode('shipping:note:list');
  const def = useMemo<ResourcePageDef>(() => {
    const steps = STEPS[view];
    return pageOf(noteResource, {
      view: view === 'main' ? undefined : view,
      fields: { route: { render: route } },
      rowActions: [
        ...(paying ? money.rowActions : []),
        ...(steps ? actions.filter((a) => steps.includes(a.key)) : actions),
      ],
      toolbar: paying ? money.toolbar : undefined,
      detailFromRecord: true,
      detailExtra: (row) => <NoteDetail row={row} canSeeHistory={canSeeHistory} />,
    });
  }, [view, actions, canSeeHistory, paying, money.rowActions, money.toolbar]);
  return (
    <>
      <ResourceListPage def={def} />
      {modals}
      {paying && money.modal}
    </>
  );
}
