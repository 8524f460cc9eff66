import type { z } from 'zod';

// One declaration per resource: the server binds it to its table (list, detail, add, edit, delete, export,
// import, party scope), the console renders it (search form, columns, detail, forms, export and import
// buttons). Everything but `body` is plain, serialisable data, so online forms can keep declarations in the
// database and render them with the same engine.

/** Copy in both languages: `['司机姓名', 'Driver name']`, or one string when it reads the same. */
export type Bilingual = string | readonly [zh: string, en: string];

export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  /** Money in yuan with two decimals (stored as numeric yuan). */
  | 'money'
  /** Money in integer fen, shown and entered as yuan. */
  | 'fen'
  | 'date'
  | 'datetime'
  | 'dict'
  | 'switch'
  | 'image'
  /** An uploaded file's stored path, shown as a download link. */
  | 'file'
  /** HTML edited as rich text; the server keeps formatting only (no scripts). */
  | 'richtext'
  | 'password'
  /** Weight in integer grams, shown and entered as tonnes with 3 decimals. */
  | 'tonnes'
  /** A rate in integer basis points (1/100 of a percent), shown and entered as a percentage: 650 is 6.50%. */
  | 'percent'
  /** A district's six-digit division code, picked as province / city / district. */
  | 'region'
  /**
   * A place's longitude, picked with its latitude (`pin.lat`) as a pin on a map; the map opens on the district
   * of `pin.region` when one is picked. WGS-84.
   */
  | 'pin';

/**
 * How the server accepts a filter on the field: `eq` takes the value shapes of the reference query generator
 * (`*x*`, `a,b`, `!x`, `>=x`), `range` adds `<field>_begin` / `<field>_end`, `like` matches a part.
 */
export type FilterMode = 'eq' | 'like' | 'range';

/** Masks of personal numbers in lists, exports and popups. */
export type MaskKind = 'idCard' | 'bankCard' | 'mobile';

/** Certificates the OCR reads: ID card, driving licence, vehicle licence, road transport certificate. */
export type OcrKind = 'idCard' | 'drivingLicence' | 'vehicleLicence' | 'roadTransport';

/** The endpoint reading a certificate image (body: kind, image path); answers the fields it read. */
export const OCR_PATH = '/compliance/ocr';
/** Who may ask it. */
export const OCR_PERMISSION = 'compliance:verification:ocr';

/** The parties whose users see only their own rows (platform staff are scoped by data rules instead). */
export type Party = 'customer' | 'agent' | 'captain';

export interface ListColumn {
  width?: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  copyable?: boolean;
}

export interface FieldDecl {
  label: Bilingual;
  kind?: FieldKind;
  /** Dictionary code: answers carry `<name>_dictText`, the console shows the text. */
  dict?: string;
  /** Fixed options for a select without a dictionary. */
  options?: ReadonlyArray<{ value: string | number; label: Bilingual }>;
  /** Shown as a coloured tag (the dictionary item's colour, or the review-state colours). */
  tag?: boolean;
  /** Listed as a column (default true); an object tunes the column. */
  list?: boolean | ListColumn;
  sort?: boolean;
  /** Accepted as a list filter by the server (`true` = `eq`) without a box in the search form. */
  filter?: boolean | FilterMode;
  /** Offered in the console's search form (and so accepted by the server). */
  search?: boolean | 'range' | 'like';
  /**
   * In add/edit: false leaves it out, 'add' only on add, 'readonly' shown disabled, 'hidden' sent but not shown
   * (e.g. the division names a region picker fills in).
   */
  form?: boolean | 'add' | 'readonly' | 'hidden';
  required?: boolean;
  /** Shown in the detail drawer (default: every listed or form field). */
  detail?: boolean;
  /** Written to the Excel export (default: true). */
  export?: boolean;
  /** Read from import sheets (default: when it is in the add form). */
  import?: boolean;
  /** A line of instructions in the import template. */
  importNote?: string;
  mask?: MaskKind;
  /** Never sent back: lists show '******' when set; excluded from exports and data logs. */
  secret?: boolean;
  placeholder?: Bilingual;
  /** A line under the form control saying what the value means. */
  help?: Bilingual;
  /** Upload folder for images. */
  biz?: string;
  /** For an image of a certificate: the OCR that reads it, whose fields fill the form's empty ones (识别). */
  ocr?: OcrKind;
  /** For a region: the fields the picked province, city and district names go to. */
  regionNames?: readonly [province: string, city: string, district: string];
  /** For a pin: the latitude field it fills, and the region field whose district the map opens on. */
  pin?: { lat: string; region?: string };
  /** Filled by picking a row of an online report: its columns `orgFields` go to the form's `destFields`. */
  popup?: { code: string; orgFields: string; destFields: string };
  /** Full width in the two-column form grid. */
  wide?: boolean;
  /**
   * Starts a titled section of the add/edit form (and the detail) at this field: it and the fields after it,
   * up to the next field with a section, are grouped under the title.
   */
  section?: Bilingual;
  /** A key or filter the console never shows (e.g. a parent id other screens filter by). */
  internal?: boolean;
  /**
   * Not stored: a column shown from these stored fields (a route from its two cities) or added by the
   * server's presentation (a fee total). Never filtered, sorted, exported, imported or in a form.
   */
  from?: readonly string[];
}

export type FieldDecls = Record<string, FieldDecl>;

/**
 * A search box that is not a column (e.g. "certificates expiring within N days"): the server binding gives
 * its condition, the console its box.
 */
export interface FilterDecl {
  label: Bilingual;
  kind?: 'number' | 'text' | 'dict' | 'switch';
  dict?: string;
  options?: ReadonlyArray<{ value: string | number; label: Bilingual }>;
}

/** Which columns scope the rows: the party users of a kind see the rows whose column holds their party id. */
export interface ScopeDecl<Name extends string> {
  /** Rows carry `tenantId`: every read stays in the request's tenant. */
  tenant?: boolean;
  /** Soft delete through `delFlag`. */
  softDelete?: boolean;
  /**
   * Party columns. A party kind without a column here sees no row, unless the server binding derives its
   * scope (e.g. a customer sees the drivers of its own waybills).
   */
  customer?: Name | 'id';
  agent?: Name | 'id';
  captain?: Name | 'id';
}

/** Bounds of a numeric field in a view's condition, e.g. `{ gt: 0 }` or `{ gte: 2, lte: 7 }`. */
export interface WhereBounds {
  gt?: number;
  gte?: number;
  lt?: number;
  lte?: number;
}

/**
 * A view's condition on one field: a value, one of a list, bounds, or `{ present: true }` (not null).
 */
export type WhereValue =
  | string
  | number
  | boolean
  | ReadonlyArray<string | number>
  | WhereBounds
  | { present: true };

export type ViewWhere<Name extends string> = Partial<Record<Name, WhereValue>>;

/** A named filtered view of the resource (e.g. the notes awaiting audit): every read stays inside it. */
export interface ViewDecl<Name extends string> {
  title: Bilingual;
  /** Every condition holds. */
  where: ViewWhere<Name>;
  /** ... and, when given, one of these alternatives holds too. */
  anyOf?: ReadonlyArray<ViewWhere<Name>>;
  /** Columns the view lists (default: the resource's listed fields). */
  columns?: readonly Name[];
  /** Search boxes of the view, fields or named filters (default: the resource's). */
  search?: readonly string[];
  defaultSort?: { field: Name; order: 'asc' | 'desc' };
  /**
   * Permission prefix of the view (`<permission>:list`, `:export`), its menu's own (default: the
   * resource's). Its routes hang below `<path>/<view>`.
   */
  permission?: string;
}

export type ResourceAction = 'add' | 'edit' | 'delete' | 'export' | 'import';

export interface ResourceDecl<F extends FieldDecls = FieldDecls> {
  /** API base under the base path, e.g. `/hydriver/hyDriver`. */
  path: string;
  /** Permission prefix: `<permission>:list`, `:add`, `:edit`, `:delete`, `:export`, `:import`. */
  permission: string;
  title: Bilingual;
  fields: F;
  /** Key of the record id (default `id`). */
  id?: keyof F & string;
  /**
   * Generated actions beyond list and detail. Delete is opt-in: records the law or the books keep are voided
   * with a reason, never deleted.
   */
  actions: readonly ResourceAction[];
  scope?: ScopeDecl<keyof F & string>;
  /**
   * Columns the resource's own list shows, when fewer than its listed fields (whose `list` then only tunes
   * the column for the views that show it).
   */
  columns?: readonly (keyof F & string)[];
  views?: Record<string, ViewDecl<keyof F & string>>;
  filters?: Record<string, FilterDecl>;
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
  /**
   * The add/edit payload, shared by the form and the route. The one member that is not plain data: stored
   * declarations (online forms) leave it out and get one built from their fields.
   */
  body?: z.ZodType;
}

/** Declares a resource, keeping its field names as types so bindings can check them against a table. */
export function resource<const F extends FieldDecls>(decl: ResourceDecl<F>): ResourceDecl<F> {
  return decl;
}

/** The text of a bilingual copy in a language. */
export function textOf(copy: Bilingual, lang: 'zh' | 'en' = 'zh'): string {
  if (typeof copy === 'string') return copy;
  return lang === 'en' ? copy[1] : copy[0];
}

/** The filter the server accepts on a field, or undefined when it accepts none. */
export function filterModeOf(field: FieldDecl): FilterMode | undefined {
  if (field.from) return undefined;
  if (field.search === 'like' || field.filter === 'like') return 'like';
  if (field.search === 'range' || field.filter === 'range') return 'range';
  if (field.search || field.filter) return 'eq';
  return undefined;
}

export function isListed(field: FieldDecl): boolean {
  return field.list !== false && !field.internal && field.kind !== 'password';
}

export function isExported(field: FieldDecl): boolean {
  return (
    !field.internal &&
    !field.from &&
    field.export !== false &&
    !field.secret &&
    field.kind !== 'password' &&
    field.kind !== 'image'
  );
}

export function isInForm(field: FieldDecl): boolean {
  return field.form !== false && !field.internal && !field.from;
}

export function isImported(field: FieldDecl): boolean {
  if (field.from) return false;
  if (field.import !== undefined) return field.import;
  return (
    isInForm(field) &&
    field.form !== 'readonly' &&
    !field.secret &&
    field.kind !== 'image' &&
    field.kind !== 'password'
  );
}

/** The resource's fields in declaration order. */
export function fieldsOf<F extends FieldDecls>(decl: ResourceDecl<F>): Array<[keyof F & string, FieldDecl]> {
  return Object.entries(decl.fields) as Array<[keyof F & string, FieldDecl]>;
}

/** The export's columns: key and Chinese header, in declaration order (the import reads the same headers). */
export function exportColumnsOf<F extends FieldDecls>(
  decl: ResourceDecl<F>,
): Array<{ key: string; title: string }> {
  return fieldsOf(decl)
    .filter(([, field]) => isExported(field))
    .map(([key, field]) => ({ key, title: textOf(field.label) }));
}

/** The permission prefix of a view of the resource (its own, or the resource's). */
export function viewPermission<F extends FieldDecls>(decl: ResourceDecl<F>, view?: string): string {
  return (view ? decl.views?.[view]?.permission : undefined) ?? decl.permission;
}

/**
 * The stored columns behind a list of the resource: its view's columns (or its listed fields), a computed
 * column's sources in its place.
 */
export function storedColumnsOf<F extends FieldDecls>(decl: ResourceDecl<F>, view?: string): string[] {
  const declared = view ? decl.views?.[view] : undefined;
  if (view && !declared) throw new Error(`${decl.path}: no view ${view}`);
  const columns = view ? declared?.columns : decl.columns;
  const shown: string[] = columns
    ? [...columns]
    : fieldsOf(decl)
        .filter(([, field]) => isListed(field))
        .map(([name]) => name);
  const out = new Set<string>();
  for (const name of shown) for (const stored of decl.fields[name]?.from ?? [name]) out.add(stored);
  return [...out];
}

/** Button permission codes the menu seed grants for a resource's actions (or those of one of its views). */
export function buttonCodesOf<F extends FieldDecls>(decl: ResourceDecl<F>, view?: string): string[] {
  const prefix = viewPermission(decl, view);
  const codes = [`${prefix}:list`];
  for (const action of decl.actions) {
    codes.push(`${prefix}:${action}`);
    if (action === 'delete') codes.push(`${prefix}:batch_delete`);
  }
  if (fieldsOf(decl).some(([, field]) => field.mask)) codes.push(`${prefix}:sensitive`);
  return codes;
}

/**
 * Whether a party user may see a row, by the declaration's party columns: the in-memory twin of the scope the
 * server puts on every list (for rows pushed over a socket). Platform staff (no party) see every row of their
 * tenant; a party kind the declaration has no column for sees none.
 */
export function partySees<F extends FieldDecls>(
  decl: ResourceDecl<F>,
  row: Record<string, unknown>,
  viewer: { party: Party | undefined; partyId: string | null | undefined },
): boolean {
  if (!viewer.party) return true;
  const column = decl.scope?.[viewer.party];
  if (!column || !viewer.partyId) return false;
  return row[column] === viewer.partyId;
}
