// Editable table (JVxeTable in the original): toolbar gated by permission codes under a
// prefix, row numbers, selection, statistics footer, sub-tables, validated cells and realtime row sync.
// Rows are virtualised (antd's virtual table) and held in a RowStore, so typing re-renders one row.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatYuan, hiddenToolbarButtons, type TableRow } from '@freight/contracts';
import { App, Button, Grid, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  forwardRef,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { usePermissions } from '../../stores/permissions';
import { useBilingual } from '../resource/text';
import { cellError, EditableCell, type EditableColumn } from './EditableCell';
import { RowStore } from './rowStore';
import { useVxeSocket } from './useVxeSocket';
import './editableTable.css';

export const ROW_NUMBER_WIDTH = 60;
export const SELECTION_WIDTH = 40;
const EXPAND_WIDTH = 40;
export const SELECTION_WIDTH_WITH_STATISTICS = 60;
/** Opening a sub-table is tried 3 more times, 100 ms apart, before `打开子表失败`. */
export const SUB_TABLE_RETRIES = 3;
export const SUB_TABLE_RETRY_MS = 100;
export const SUB_TABLE_FAILED = '打开子表失败';

export interface CellErrorInfo {
  rowId: string;
  field: string;
  message: string;
}

export interface EditableTableHandle {
  rows: () => TableRow[];
  /** Replaces the rows; with the reload effect every row is highlighted for 1.4 s. */
  reload: (rows: readonly TableRow[]) => void;
  /** Every cell against its presets and uniqueness; the first error is also shown as a message. */
  validate: () => CellErrorInfo[];
  /** Expands a row's sub-table (retried while the row is not there yet). */
  openSubTable: (rowId: string) => Promise<boolean>;
}

export interface EditableTableProps {
  columns: EditableColumn[];
  dataSource: readonly TableRow[];
  /** Permission code prefix of the toolbar (`order:` governs `order:add`, `order:batch_delete`). */
  authPre?: string;
  /** Row height in px (virtual scrolling needs it fixed). */
  rowHeight?: number;
  /** Height of the scrolling body. */
  height?: number;
  /** Highlight rows for 1.4 s after a reload. */
  reloadEffect?: boolean;
  /** Sub-table of a row (expandable rows). */
  subTable?: (row: TableRow) => ReactNode;
  /** New row for the add button. */
  newRow?: () => TableRow;
  /** Realtime sync: the page and table identity of `/vxeSocket/{userId}/{pageId}`. */
  socket?: { pageId: string; socketKey: string };
  onRowChange?: (row: TableRow) => void;
  toolbarExtra?: ReactNode;
  'data-testid'?: string;
}

function statistic(rows: readonly TableRow[], field: string): { sum: number; average: number } {
  let sum = 0;
  for (const row of rows) {
    const value = Number(row[field]);
    if (Number.isFinite(value)) sum += value;
  }
  return { sum, average: rows.length ? sum / rows.length : 0 };
}

function showNumber(value: number, money: boolean | undefined): string {
  if (money) return formatYuan(value.toFixed(2));
  return String(Math.round(value * 100) / 100);
}

const newId = () => `new-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export const EditableTable = forwardRef<EditableTableHandle, EditableTableProps>(function EditableTable(
  {
    columns,
    dataSource,
    authPre,
    rowHeight = 40,
    height = 480,
    reloadEffect = false,
    subTable,
    newRow,
    socket,
    onRowChange,
    toolbarExtra,
    'data-testid': testId = 'editable-table',
  },
  ref,
) {
  const { message } = App.useApp();
  const tx = useBilingual();
  const storeRef = useRef<RowStore | null>(null);
  if (!storeRef.current) storeRef.current = new RowStore(dataSource);
  const store = storeRef.current;
  const firstData = useRef(dataSource);
  useEffect(() => {
    if (firstData.current === dataSource) return;
    firstData.current = dataSource;
    store.replace(dataSource, reloadEffect);
  }, [dataSource, reloadEffect, store]);

  useSyncExternalStore(store.subscribeStructure, store.structureVersion);
  const rows = store.list();
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);

  const auth = usePermissions((s) => s.auth);
  const allAuth = usePermissions((s) => s.allAuth);
  const hidden = useMemo(
    () => new Set(authPre ? hiddenToolbarButtons(authPre, auth, allAuth) : []),
    [authPre, auth, allAuth],
  );

  const sync = useVxeSocket({
    pageId: socket?.pageId ?? '',
    socketKey: socket?.socketKey ?? '',
    enabled: Boolean(socket),
    onRow: (row) => {
      if (typeof row.id === 'string') store.patch(row.id, row as Partial<TableRow>, true);
    },
  });
  const onRowChangeRef = useRef(onRowChange);
  onRowChangeRef.current = onRowChange;
  const commit = useCallback(
    (rowId: string) => {
      const row = store.takeDirty(rowId);
      if (!row) return;
      sync.sendRow(row);
      onRowChangeRef.current?.(row);
    },
    [store, sync],
  );

  const hasStatistics = columns.some((c) => c.statistics?.length);
  // Phones keep the whole width for the data: the lead columns scroll with it.
  const wide = Grid.useBreakpoint().md !== false;

  const tableColumns = useMemo<ColumnsType<TableRow>>(
    () => [
      {
        key: '__rowNumber',
        title: '#',
        width: ROW_NUMBER_WIDTH,
        align: 'center',
        fixed: wide ? 'left' : undefined,
        render: (_value, _row, index) => <span className="et-row-number">{index + 1}</span>,
      },
      ...columns.map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: column.width,
        render: (_value: unknown, row: TableRow) => (
          <EditableCell store={store} rowId={row.id} column={column} onCommit={commit} />
        ),
      })),
    ],
    [columns, store, commit, wide],
  );

  const openSubTable = useCallback(
    async (rowId: string): Promise<boolean> => {
      for (let attempt = 0; attempt <= SUB_TABLE_RETRIES; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, SUB_TABLE_RETRY_MS));
        if (subTable && store.get(rowId)) {
          setExpanded((keys) => (keys.includes(rowId) ? keys : [...keys, rowId]));
          return true;
        }
      }
      message.error(SUB_TABLE_FAILED);
      return false;
    },
    [message, store, subTable],
  );

  useImperativeHandle(
    ref,
    () => ({
      rows: () => store.list(),
      reload: (next) => store.replace(next, reloadEffect),
      validate: () => {
        const errors: CellErrorInfo[] = [];
        const all = store.list();
        for (const row of all)
          for (const column of columns) {
            const error = cellError(column, row[column.key], row.id, all);
            if (error) errors.push({ rowId: row.id, field: column.key, message: error });
          }
        if (errors[0]) message.error(errors[0].message);
        return errors;
      },
      openSubTable,
    }),
    [store, reloadEffect, columns, message, openSubTable],
  );

  const add = () => {
    const row = newRow ? newRow() : { id: newId() };
    store.add(row.id ? row : { ...row, id: newId() });
  };
  const remove = () => {
    store.remove(selected);
    setSelected([]);
  };

  const scrollX =
    ROW_NUMBER_WIDTH +
    SELECTION_WIDTH_WITH_STATISTICS +
    (subTable ? EXPAND_WIDTH : 0) +
    columns.reduce((n, c) => n + c.width, 0);

  return (
    <div
      className="et-root"
      data-testid={testId}
      data-socket={socket ? (sync.connected ? 'open' : 'closed') : undefined}
    >
      <Space className="et-toolbar" wrap>
        {!hidden.has('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={add} data-testid="et-add">
            {tx(['新增', 'Add'])}
          </Button>
        )}
        {!hidden.has('remove') && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0}
            onClick={remove}
            data-testid="et-remove"
          >
            {tx(['删除', 'Remove'])}
            {selected.length ? ` (${selected.length})` : ''}
          </Button>
        )}
        {toolbarExtra}
      </Space>
      <Table<TableRow>
        virtual
        size="small"
        bordered
        rowKey="id"
        pagination={false}
        columns={tableColumns}
        dataSource={rows}
        scroll={{ x: scrollX, y: height }}
        rowSelection={{
          columnWidth: hasStatistics ? SELECTION_WIDTH_WITH_STATISTICS : SELECTION_WIDTH,
          fixed: wide,
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
        }}
        expandable={
          subTable
            ? {
                columnWidth: EXPAND_WIDTH,
                fixed: wide ? 'left' : undefined,
                expandedRowKeys: expanded,
                onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
                expandedRowRender: (row) => subTable(row),
              }
            : undefined
        }
        onRow={() => ({ style: { height: rowHeight } })}
        summary={
          hasStatistics
            ? () => (
                <Table.Summary fixed>
                  <StatisticsRows store={store} columns={columns} expandable={Boolean(subTable)} />
                </Table.Summary>
              )
            : undefined
        }
      />
    </div>
  );
});

function StatisticsRows({
  store,
  columns,
  expandable,
}: {
  store: RowStore;
  columns: EditableColumn[];
  expandable: boolean;
}) {
  useSyncExternalStore(store.subscribeValues, store.valueVersion);
  const rows = store.list();
  const lead = expandable ? 3 : 2;
  const line = (kind: 'sum' | 'average', label: string) => (
    <Table.Summary.Row data-testid={`et-${kind}`}>
      <Table.Summary.Cell index={0} colSpan={lead}>
        {label}
      </Table.Summary.Cell>
      {columns.map((column, i) => (
        <Table.Summary.Cell index={i + lead} key={column.key}>
          {column.statistics?.includes(kind) ? (
            <span data-field={column.key}>{showNumber(statistic(rows, column.key)[kind], column.money)}</span>
          ) : null}
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
  const kinds = new Set(columns.flatMap((c) => c.statistics ?? []));
  return (
    <>
      {kinds.has('sum') && line('sum', '合计')}
      {kinds.has('average') && line('average', '平均')}
    </>
  );
}
