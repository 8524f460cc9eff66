import type { FieldDecl } from '../resource.ts';

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

/** When a statement line's money moved, as the bank or the provider dates it: sorted, searched by a range. */
export const tradeTimeColumn = {
  label: ['交易时间', 'Time'],
  kind: 'datetime',
  sort: true,
  search: 'range',
  list: { width: 170 },
} as const;

/** An amount in fen the server computes, shown as yuan, never in the form. */
export const fenColumn = <const E extends Extra = NoExtra>(label: Label, width: number, extra: E = {} as E) =>
  ({ label, kind: 'fen', form: false, list: { width }, ...extra }) as const;

/** A number the server keeps (a count, a distance, a rating): sortable, never in the form. */
export const countColumn = <const E extends Extra = NoExtra>(
  label: Label,
  width: number,
  extra: E = {} as E,
) => ({ label, kind: 'number', form: false, sort: true, list: { width }, ...extra }) as const;

/** A key other screens filter by (a parent's id): accepted as a filter, never shown. */
export const hiddenKey = <const E extends Extra = NoExtra>(label: Label, extra: E = {} as E) =>
  ({ label, filter: true, internal: true, list: false, ...extra }) as const;

/** The owner a row is added under (a shipper, a driver): picked once when adding, then only a filter. */
export const pickedOwner = (label: Label) =>
  ({
    label,
    required: true,
    form: 'add',
    filter: true,
    list: false,
    detail: false,
    export: false,
  }) as const;

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
