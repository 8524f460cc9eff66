// One editable cell. It reads its value from the row store by row id, so a keystroke re-renders this
// cell only (the table and the other rows are not told).
import {
  type CellPresetName,
  duplicateCellMessage,
  formatTagCell,
  isNumberCellDraft,
  isUniqueInColumn,
  normalizeNumberCellOnBlur,
  type TableRow,
  validateCell,
} from '@freight/contracts';
import { Input, Tooltip } from 'antd';
import { memo, useCallback, useState, useSyncExternalStore } from 'react';
import type { RowStore } from './rowStore';

export type CellType = 'input' | 'number' | 'tag' | 'text';

export interface EditableColumn {
  key: string;
  title: string;
  width: number;
  type?: CellType;
  /** Validation presets ('required', 'mobile', 'money' ...), checked in order. */
  presets?: CellPresetName[];
  /** Values must differ between rows; `message` replaces the default `<title>不能重复`. */
  unique?: boolean | { message?: string };
  /** Footer statistics of this column. */
  statistics?: Array<'sum' | 'average'>;
  /** Sums shown as money (thousands separators, 2 decimals). */
  money?: boolean;
}

/** Highlight of reloaded or remotely merged rows (1.4 s). */
export const FLASH_MS = 1_400;

/** Renders per row id, read by the demo page, the e2e test and the bench (each keystroke: one row). */
export const cellRenderCounts = new Map<string, number>();

/** The first failing rule of a cell value: presets in order, then uniqueness. */
export function cellError(
  column: EditableColumn,
  value: unknown,
  rowId: string,
  rows: readonly TableRow[],
): string | null {
  for (const preset of column.presets ?? []) {
    const error = validateCell(preset, value);
    if (error) return error;
  }
  if (column.unique && !isUniqueInColumn(rows, column.key, value, rowId)) {
    return duplicateCellMessage(
      column.title,
      typeof column.unique === 'object' ? column.unique.message : undefined,
    );
  }
  return null;
}

interface CellProps {
  store: RowStore;
  rowId: string;
  column: EditableColumn;
  onCommit: (rowId: string) => void;
}

function useRowValue(store: RowStore, rowId: string, field: string): unknown {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeRow(rowId, listener),
    [store, rowId],
  );
  return useSyncExternalStore(subscribe, () => store.get(rowId)?.[field]);
}

function useFlash(store: RowStore, rowId: string): number | undefined {
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeRow(rowId, listener),
    [store, rowId],
  );
  return useSyncExternalStore(subscribe, () => store.flashOf(rowId));
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

export const EditableCell = memo(function EditableCell({ store, rowId, column, onCommit }: CellProps) {
  cellRenderCounts.set(rowId, (cellRenderCounts.get(rowId) ?? 0) + 1);
  const value = text(useRowValue(store, rowId, column.key));
  const flash = useFlash(store, rowId);
  const [touched, setTouched] = useState(false);
  const [focused, setFocused] = useState(false);
  const error = touched ? cellError(column, value, rowId, store.list()) : null;
  const elapsed = flash === undefined ? FLASH_MS : Date.now() - flash;
  const flashing = elapsed < FLASH_MS;

  const onChange = (next: string) => {
    if (column.type === 'number' && !isNumberCellDraft(next)) return;
    store.setCell(rowId, column.key, column.type === 'tag' ? formatTagCell(next) : next);
    setTouched(true);
  };

  const onBlur = () => {
    setFocused(false);
    setTouched(true);
    if (column.type === 'number') store.setCell(rowId, column.key, normalizeNumberCellOnBlur(value));
    onCommit(rowId);
  };

  const wrapperClass = flashing ? 'et-cell et-flash' : 'et-cell';
  const style = flashing ? { animationDelay: `-${elapsed}ms` } : undefined;
  if (column.type === 'text') {
    return (
      <div className={wrapperClass} style={style} data-field={column.key}>
        {value}
      </div>
    );
  }
  return (
    <div className={wrapperClass} style={style}>
      <Tooltip title={error} open={Boolean(error) && focused} placement="topLeft">
        <Input
          size="small"
          value={value}
          status={error ? 'error' : undefined}
          aria-invalid={error ? true : undefined}
          aria-label={column.title}
          data-field={column.key}
          data-error={error ?? undefined}
          inputMode={column.type === 'number' ? 'decimal' : undefined}
          onFocus={() => setFocused(true)}
          onBlur={onBlur}
          onChange={(event) => onChange(event.target.value)}
        />
      </Tooltip>
    </div>
  );
});
