// Columns of a table whose rows are edited in place, as the online designers have them (a form's fields and
// indexes, a copy's field views, a report's columns and parameters): a checkbox for a 0/1 flag, an input for
// a text or a number, a select for a choice and a button that removes the row. Each cell writes its change into the row
// array the caller keeps.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Input,
  InputNumber,
  Select,
  type SelectProps,
  Table,
  type TableColumnsType,
  type TableProps,
} from 'antd';

/** A select's options whose labels are their values. */
export const valueOptions = <V extends string>(values: readonly V[]) =>
  values.map((value) => ({ value, label: value }));

/** The keys of T whose values are of type V. */
type KeysOf<T, V> = { [K in keyof T]-?: T[K] extends V ? K : never }[keyof T] & string;

interface CellOptions<T> {
  /** The column's width. */
  width?: number;
  /** The control's data-testid for row i. */
  testId?: (row: T, i: number) => string;
}

export function rowEditing<T extends object>(rows: readonly T[], setRows: (rows: T[]) => void) {
  const update = (index: number, change: Partial<T>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  // A computed key makes `{ [key]: value }` a plain record to TypeScript; key is one of T's keys.
  const changeOf = (key: keyof T, value: unknown) => ({ [key]: value }) as Partial<T>;
  return {
    update,
    /** A checkbox ticked when the flag is 1 (or, with `inverted`, when it is 0). */
    flag: (
      key: KeysOf<T, number | null | undefined>,
      title: string,
      options: CellOptions<T> & { inverted?: boolean } = {},
    ) => {
      const on = options.inverted ? 0 : 1;
      return {
        title,
        key,
        width: options.width,
        render: (_: unknown, row: T, i: number) => (
          <Checkbox
            data-testid={options.testId?.(row, i)}
            checked={row[key] === on}
            onChange={(e) => update(i, changeOf(key, e.target.checked ? on : 1 - on))}
          />
        ),
      };
    },
    text: (
      key: KeysOf<T, string | null | undefined>,
      title: string,
      options: CellOptions<T> & {
        status?: (row: T) => 'error' | undefined;
        /** Greyed out for rows that have no use for it (an empty value only: a stored one stays editable). */
        unused?: (row: T) => boolean;
      } = {},
    ) => ({
      title,
      key,
      width: options.width,
      render: (_: unknown, row: T, i: number) => (
        <Input
          size="small"
          value={(row[key] as string | null | undefined) ?? ''}
          status={options.status?.(row)}
          disabled={Boolean(options.unused?.(row) && !row[key])}
          data-testid={options.testId?.(row, i)}
          onChange={(e) => update(i, changeOf(key, e.target.value))}
        />
      ),
    }),
    /** A whole number between min and max. */
    number: (
      key: KeysOf<T, number | null | undefined>,
      title: string,
      options: CellOptions<T> & {
        min: number;
        max: number;
        /** Disabled for rows that have no use for it. */
        unused?: (row: T) => boolean;
        /** An unused row's value is not shown. */
        blankWhenUnused?: boolean;
      },
    ) => ({
      title,
      key,
      width: options.width,
      render: (_: unknown, row: T, i: number) => {
        const unused = Boolean(options.unused?.(row));
        return (
          <InputNumber
            size="small"
            min={options.min}
            max={options.max}
            data-testid={options.testId?.(row, i)}
            disabled={unused}
            value={unused && options.blankWhenUnused ? undefined : ((row[key] as number | null) ?? undefined)}
            onChange={(v) => update(i, changeOf(key, v ?? null))}
          />
        );
      },
    }),
    select: (
      key: KeysOf<T, string | null | undefined>,
      title: string,
      choices: SelectProps<string>['options'],
      options: CellOptions<T> & {
        selectWidth: number;
        fallback?: string;
        popupMatchSelectWidth?: boolean;
        /** Typing filters the choices by their labels. */
        searchable?: boolean;
        /** What a choice changes in the row, when more than the column itself. */
        changeOf?: (row: T, value: string) => Partial<T>;
      },
    ) => ({
      title,
      key,
      width: options.width,
      render: (_: unknown, row: T, i: number) => (
        <Select<string>
          size="small"
          style={{ width: options.selectWidth }}
          value={(row[key] as string | null | undefined) ?? options.fallback}
          data-testid={options.testId?.(row, i)}
          popupMatchSelectWidth={options.popupMatchSelectWidth}
          showSearch={options.searchable}
          optionFilterProp={options.searchable ? 'label' : undefined}
          options={choices}
          onChange={(v) => update(i, options.changeOf ? options.changeOf(row, v) : changeOf(key, v))}
        />
      ),
    }),
    /** The last column: a button that drops the row. */
    remove: (label: string) => ({
      title: '',
      key: 'remove',
      width: 40,
      render: (_: unknown, _row: T, i: number) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label={label}
          onClick={() => setRows(rows.filter((_r, j) => j !== i))}
        />
      ),
    }),
  };
}

/**
 * The rows for a fresh list of fields, in the fields' order: the row already edited for a field is kept as it
 * is, a field without one gets a new row.
 */
export function rowsForFields<F, R>(
  fields: readonly F[],
  rows: readonly R[],
  isRowOf: (row: R, field: F) => boolean,
  newRow: (field: F, index: number) => R,
): R[] {
  return fields.map((field, i) => rows.find((row) => isRowOf(row, field)) ?? newRow(field, i));
}

/** The table of edited rows, with the button adding one above it when rows may be added. */
export function EditedRows<T extends object>({
  rows,
  rowKey,
  columns,
  wide,
  add,
  testId,
}: {
  rows: T[];
  rowKey: TableProps<T>['rowKey'];
  columns: TableColumnsType<T>;
  /** Scrolls sideways instead of squeezing the columns. */
  wide?: boolean;
  add?: { label: string; onAdd: () => void; testId?: string };
  testId?: string;
}) {
  return (
    <>
      {add && (
        <Button
          size="small"
          icon={<PlusOutlined />}
          style={{ marginBottom: 8 }}
          data-testid={add.testId}
          onClick={add.onAdd}
        >
          {add.label}
        </Button>
      )}
      <Table<T>
        size="small"
        data-testid={testId}
        rowKey={rowKey}
        pagination={false}
        dataSource={rows}
        scroll={wide ? { x: 'max-content' } : undefined}
        columns={columns}
      />
    </>
  );
}
