// The declaration one list screen is built from (architecture: the resource pattern). A page file is a
// `ResourcePageDef` and one line rendering <ResourceListPage def={...} />; nothing else is copied.

import type { ProTableProps } from '@ant-design/pro-components';
import type { Bilingual, FieldDecl } from '@freight/contracts';
import type { Rule } from 'antd/es/form';
import type { ReactNode } from 'react';

export type { Bilingual, FieldKind } from '@freight/contracts';

/**
 * A field of a list screen: the declaration's field (contracts) under its name, plus what only the console
 * has (a cell renderer, extra form rules, a form control of the page's own).
 */
export interface ResourceField extends FieldDecl {
  name: string;
  /** Extra antd rules; the declaration's zod schema is applied as well when it has this field. */
  rules?: Rule[];
  /** Column render override (the raw row is passed). */
  render?: (value: unknown, row: Record<string, unknown>) => ReactNode;
  /**
   * Replaces the form control of the field with a node of the page's own (e.g. a rich-text editor or a
   * remote select); it must render its own form item named `field.name`. `rules` already hold `required`.
   */
  renderFormItem?: (ctx: FormItemContext) => ReactNode;
}

/** What `renderFormItem` receives to build a control that behaves like the built-in ones. */
export interface FormItemContext {
  name: string;
  label: string;
  rules: Rule[];
  disabled: boolean;
  editing: boolean;
  /** The record being edited (null when adding). */
  editingRow?: Record<string, unknown> | null;
  colProps?: { span: number };
}

export interface RowAction {
  key: string;
  label: Bilingual;
  /** Button permission code; hidden without it. */
  perm?: string;
  danger?: boolean;
  /** Hide for rows where this is false. */
  visible?: (row: Record<string, unknown>) => boolean;
  /** Ask before running (Popconfirm text). */
  confirm?: Bilingual;
  run: (row: Record<string, unknown>, helpers: ActionHelpers) => Promise<void> | void;
}

export interface ActionHelpers {
  reload: () => void;
  /** Opens the edit form for the row. */
  edit: (row: Record<string, unknown>) => void;
  /** Opens the add form with these values filled in (e.g. a child below the row). */
  add: (values?: Record<string, unknown>) => void;
}

export interface ToolbarAction {
  key: string;
  label: Bilingual;
  perm?: string;
  /** Needs selected rows. */
  batch?: boolean;
  confirm?: Bilingual;
  run: (selected: Record<string, unknown>[], helpers: ActionHelpers) => Promise<void> | void;
}

export interface ResourcePageDef {
  /** API base under /jeecg-boot, e.g. `/hydriver/hyDriver`; the standard actions hang below it. */
  api: string;
  /** Overrides `${api}/list` for filtered views of one resource (e.g. the audit list of notes). */
  listPath?: string;
  title: Bilingual;
  /** Permission prefix: buttons are `<perm>:add`, `:edit`, `:delete`, `:batch_delete`, `:export`, `:import`. */
  perm: string;
  /** A button's own code where it is not `<perm>:<suffix>` (e.g. one code for every action of a sub-list). */
  buttonCodes?: Partial<
    Record<'add' | 'edit' | 'delete' | 'batch_delete' | 'export' | 'import' | 'review', string>
  >;
  fields: ResourceField[];
  rowKey?: string;
  /** The zod object the server validates add/edit with; its field checks run in the form too. */
  schema?: ObjectSchemaLike;
  /** Which standard actions the screen offers (all by default). */
  actions?: Partial<Record<'add' | 'edit' | 'delete' | 'export' | 'import' | 'detail', boolean>>;
  /** Fixed query added to every list call (a filtered view). */
  fixedQuery?: Record<string, string | number>;
  /** URL query keys copied into the search form on open (e.g. `state` for `?state=1`). */
  urlFilters?: string[];
  /** Review actions and the review timeline in the detail drawer (the reviewed parties). */
  review?: boolean;
  /** What the review dialog shows of the record above the decision (e.g. its identity checks). */
  reviewExtra?: (row: Record<string, unknown>) => ReactNode;
  /**
   * The permission of approving although the record's required checks failed: its holders get an
   * override choice with a reason in the review dialog.
   */
  reviewOverride?: string;
  rowActions?: RowAction[];
  toolbar?: ToolbarAction[];
  /** Template download path for imports (GET, xlsx). */
  importTemplate?: string;
  /** File types the import offers (default `.xlsx,.xls`; a provider's statement also comes as CSV). */
  importAccept?: string;
  defaultSort?: { column: string; order: 'asc' | 'desc' };
  /** Form width; two-column grid above 640 px. */
  formWidth?: number;
  /** Where add/edit opens: a modal dialog (default) or a side drawer (long forms). */
  formIn?: 'modal' | 'drawer';
  /** The list answer is the whole tree as an array of rows with `children`: no paging, no search form. */
  tree?: boolean;
  /** Turns the form values into the add/edit body (e.g. joins, unit conversions). */
  toBody?: (
    values: Record<string, unknown>,
    editing: Record<string, unknown> | null,
  ) => Record<string, unknown>;
  /** The edit form's values from the record (the inverse of `toBody`, e.g. grams to kilograms). */
  toForm?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Extra content above the table (charts, tabs). */
  header?: ReactNode;
  /** Extra sections of the detail drawer below the fields (e.g. a waybill's history and money). */
  detailExtra?: (row: Record<string, unknown>) => ReactNode;
  /**
   * The drawer reads the record (`${api}/queryById`) rather than showing the list's row: for lists that send
   * only the columns they show (the server's `listColumns`).
   */
  detailFromRecord?: boolean;
  /** Values a new record's form opens with. */
  addDefaults?: Record<string, unknown>;
  /** Loads what the edit form needs beyond the row (e.g. a user's roles and departments). */
  editValues?: (row: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /** Rows the edit link is offered for (all by default), e.g. drafts only. */
  editable?: (row: Record<string, unknown>) => boolean;
  /** Called with each list call's query (e.g. to fetch totals over the same filters). */
  onQuery?: (query: Record<string, unknown>) => void;
  /** Called after the screen changed data (add, edit, delete, import, row and toolbar actions). */
  onChanged?: () => void;
  /** Called with the add's answer (`result`), e.g. to show a credential made once. */
  onAdded?: (result: unknown) => void;
  /**
   * What a screen adds to the table itself: rows that expand (sub rows inside a master, a lazily loaded
   * tree), a row click (a master choosing its sub-tables' tabs), and the rows when the screen holds them.
   */
  tableProps?: Pick<
    ProTableProps<Record<string, unknown>, Record<string, unknown>>,
    'expandable' | 'onRow' | 'rowClassName' | 'dataSource' | 'onDataSourceChange' | 'postData'
  >;
}

/** What the form needs of a zod object schema (kept structural so the console does not import zod itself). */
export interface ObjectSchemaLike {
  shape?: Record<
    string,
    {
      safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
    }
  >;
}
