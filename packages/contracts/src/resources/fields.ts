import type { FieldDecl, FieldKind, ListColumn } from '../resource.ts';

// Builders of the field declarations many resources share: a dictionary column, a time column, a money
// column, a key other screens filter by. Each returns plain data; `extra` adds to or overrides what it sets.

/** A label in Chinese and English. */
export type Label = readonly [zh: string, en: string];

/** What a caller adds to, or changes in, a built field. */
type Extra = Omit<FieldDecl, 'label'>;
type NoExtra = Record<never, never>;
// `extra` defaults to an empty object rather than being optional, so that its keys keep their types (a
// spread of an optional parameter would make each of them optional: `from` must stay required).

/** A value coded by the dictionary `dict`; answers carry its item's text. */
export const dictField = <const D extends string, const E extends Extra = NoExtra>(
  label: Label,
  dict: D,
  extra: E = {} as E,
) => ({ label, kind: 'dict', dict, ...extra }) as const;

/** A dictionary column with a box in the search form: states, kinds, channels. */
export const dictSearch = <const D extends string, const E extends Extra = NoExtra>(
  label: Label,
  dict: D,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'dict', dict, search: true, list: { width }, ...extra }) as const;

/** The options of a select over the values `values`, each labelled by `labels`, in the order of `values`. */
export const labelledOptions = <const V extends string>(values: readonly V[], labels: Record<V, Label>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** A value from a fixed list of `options` (not a dictionary) with a box in the search form. */
export const optionsSearch = <const O, const E extends Extra = NoExtra>(
  label: Label,
  options: O,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'dict', options, search: true, list: { width }, ...extra }) as const;

/** A moment the server sets (created, checked, answered): sortable, never in the form. */
export const timeColumn = <const E extends Extra = NoExtra>(label: Label, extra: E = {} as E) =>
  ({ label, kind: 'datetime', form: false, sort: true, list: { width: 170 }, ...extra }) as const;

/** When the record was created, searched by a range. */
export const createdColumn = timeColumn(['创建时间', 'Created'], { search: 'range' });

/** When a setting was created: sorted and filtered by the server, without a box in the search form. */
export const createdFilter = timeColumn(['创建时间', 'Created'], { filter: true });

/** A moment the lists sort and search by a range (issued, signed, checked, raised), shown `width` wide. */
export const searchedTime = <const E extends Extra = NoExtra>(
  label: Label,
  width = 170,
  extra: E = {} as E,
) => ({ label, kind: 'datetime', sort: true, search: 'range', list: { width }, ...extra }) as const;

/** When a statement line's money moved, as the bank or the provider dates it: sorted, searched by a range. */
export const tradeTimeColumn = searchedTime(['交易时间', 'Time']);

/** When an entered record was made: set by the server, sorted, searched by a range, a default-width column. */
export const createdAt = (label: Label) =>
  ({ label, kind: 'datetime', form: false, sort: true, search: 'range' }) as const;

/** An amount in fen the server computes, shown as yuan, never in the form. */
export const fenColumn = <const E extends Extra = NoExtra>(label: Label, width: number, extra: E = {} as E) =>
  ({ label, kind: 'fen', form: false, list: { width }, ...extra }) as const;

/** A weight in grams the server records (dispatched, completed), shown as tonnes, never in the form. */
export const tonnesColumn = (label: Label, width: number) =>
  ({ label, kind: 'tonnes', form: false, list: { width } }) as const;

/** A setting entered in the form and shown in the detail, neither listed nor exported. */
export const formOnly = <const E extends Extra = NoExtra>(label: Label, extra: E = {} as E) =>
  ({ label, list: false, export: false, ...extra }) as const;

/** An amount in fen entered in the form (a price, a limit), shown as yuan. */
export const enteredFen = <const E extends Extra = NoExtra>(
  label: Label,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'fen', required: true, list: { width }, ...extra }) as const;

/** An amount in fen the lists sort by (a premium, a freight), shown as yuan. */
export const sortedFen = <const E extends Extra = NoExtra>(label: Label, width: number, extra: E = {} as E) =>
  ({ label, kind: 'fen', sort: true, list: { width }, ...extra }) as const;

/** A column the lists sort by, of any `kind` (a weight, a count, a date), shown `width` wide. */
export const sortedColumn = <const K extends FieldKind, const E extends Extra = NoExtra>(
  label: Label,
  kind: K,
  width: number,
  extra: E = {} as E,
) => ({ label, kind, sort: true, list: { width }, ...extra }) as const;

/** An on/off value shown as a switch; `extra` makes it a filter or a search box. */
export const switchColumn = <const E extends Extra = NoExtra>(
  label: Label,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'switch', list: { width }, ...extra }) as const;

/** What names a record in its list (a number, a name): searched by a part, sorted, listed as `list` says. */
export const identifierColumn = <const L extends ListColumn, const E extends Extra = NoExtra>(
  label: Label,
  list: L,
  extra: E = {} as E,
) => ({ label, search: 'like', sort: true, list, ...extra }) as const;

/** The name a record is entered under: required, searched by a part, sorted, listed as `list` says. */
export const recordName = <const L extends ListColumn, const E extends Extra = NoExtra>(
  label: Label,
  list: L,
  extra: E = {} as E,
) => identifierColumn(label, list, { required: true, ...extra });

/** The number the server gives a record (order no., complaint no.): searched, sorted, never in the form. */
export const serverNumber = <const L extends ListColumn, const E extends Extra = NoExtra>(
  label: Label,
  list: L,
  extra: E = {} as E,
) => ({ label, search: true, sort: true, form: false, list, ...extra }) as const;

/** A party or record key other screens filter by, kept out of sight (no column setting of its own). */
export const filterKey = (label: Label) => ({ label, internal: true, filter: true }) as const;

/** A number the server keeps (a count, a distance, a rating): sortable, never in the form. */
export const countColumn = <const E extends Extra = NoExtra>(
  label: Label,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'number', form: false, sort: true, list: { width }, ...extra }) as const;

/** A key other screens filter by (a parent's id): accepted as a filter, never shown. */
export const hiddenKey = <const E extends Extra = NoExtra>(label: Label, extra: E = {} as E) =>
  ({ label, filter: true, internal: true, list: false, ...extra }) as const;

/**
 * A party or record picked in the form by its id (a driver, a vehicle, a waybill): a filter of the list, never
 * a column, in the detail or the export (its name is, as a field of its own).
 */
export const pickedRef = <const E extends Extra = NoExtra>(label: Label, extra: E = {} as E) =>
  ({ label, filter: true, list: false, detail: false, export: false, ...extra }) as const;

/** The owner a row is added under (a shipper, a driver): picked once when adding, then only a filter. */
export const pickedOwner = (label: Label) => pickedRef(label, { required: true, form: 'add' });

/**
 * The shipper a row belongs to: platform staff pick it when adding, a shipper's own users get theirs (the server
 * sets it); listed by name. `name` tunes the name column.
 */
export const shipperOwner = <const E extends Extra = NoExtra>(name: E = {} as E) =>
  ({
    customerId: pickedOwner(['所属货主', 'Shipper']),
    customerName: {
      label: ['所属货主', 'Shipper'],
      form: false,
      search: 'like',
      list: { width: 180, ellipsis: true },
      ...name,
    },
  }) as const;

/** A longer text (a memo, a reason, a message) listed `width` wide, cut with an ellipsis. */
export const longTextColumn = <const E extends Extra = NoExtra>(
  label: Label,
  width: number,
  extra: E = {} as E,
) => ({ label, list: { width, ellipsis: true }, ...extra }) as const;

/** Why a request was sent back, as the maker-checker screens list it. */
export const rejectionColumn = longTextColumn(['驳回原因', 'Rejection'], 160);

/** A free note kept with the record, in the form and the detail only. */
export const remarkField = <const E extends Extra = NoExtra>(extra: E = {} as E) =>
  ({ label: ['备注', 'Remark'], kind: 'textarea', list: false, ...extra }) as const;

/** The waybill's number, searched, shown wherever a record names a waybill. */
export const waybillNumber = {
  label: ['运单号', 'Waybill no.'],
  search: true,
  list: { width: 170 },
} as const;

/** The waybill a record is about: its number listed and searched, its id a filter of the waybill's screens. */
export const aboutWaybill = {
  shippingNoteNumber: waybillNumber,
  noteId: hiddenKey(['运单', 'Waybill']),
} as const;

/** The shipper's name as a column searched by a part, listed as `list` says. */
export const customerNameColumn = <const L extends ListColumn>(list: L) =>
  ({ label: ['货主', 'Customer'], search: 'like', list }) as const;

/** The shipper a record belongs to: its id a filter of the shipper's screens, its name a searched column. */
export const aboutCustomer = <const L extends ListColumn>(list: L) =>
  ({ customerId: hiddenKey(['货主', 'Customer']), customerName: customerNameColumn(list) }) as const;

/** The driver of a trip or a card, named in a column searched by a part. */
export const driverNameColumn = { label: ['司机', 'Driver'], search: 'like', list: { width: 90 } } as const;

/** The vehicle of a trip, by its plate, searched by a part. */
export const plateColumn = { label: ['车牌号', 'Plate'], search: 'like', list: { width: 100 } } as const;

/** The amount of money a record moves, in fen. */
export const amountColumn = fenColumn(['金额', 'Amount'], 130);

/** How many waybills a bill, a payout or a report covers. */
export const noteCountColumn = {
  label: ['运单数', 'Waybills'],
  kind: 'number',
  list: { width: 80 },
} as const;

/** The user who took a step of the record (submitted, reviewed, paid out), as the lists name them. */
export const staffColumn = (label: Label) => ({ label, list: { width: 100 } }) as const;
