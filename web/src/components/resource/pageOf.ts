// A list screen from a resource declaration of contracts: the page adds only what differs (an action, a
// cell, a form control), never a second copy of a field.
import { type FieldDecls, fieldsOf, type ResourceDecl, viewPermission } from '@freight/contracts';
import type { ObjectSchemaLike, ResourceField, ResourcePageDef } from './types';

export interface PageOptions<F extends FieldDecls> extends Partial<Omit<ResourcePageDef, 'fields'>> {
  /** What the console adds to a declared field (a renderer, a control of its own, extra rules). */
  fields?: { [K in keyof F]?: Partial<Omit<ResourceField, 'name'>> };
  /**
   * Fields of the screen alone (e.g. a form's value in other units), after the declared field `after` names
   * or else after all of them.
   */
  extraFields?: Array<ResourceField & { after?: keyof F & string }>;
  /**
   * A named view of the declaration: its title, permission, columns, search boxes and sort, and its routes
   * below `<path>/<view>`.
   */
  view?: string;
}

export function fieldsOfDecl<F extends FieldDecls>(
  decl: ResourceDecl<F>,
  overrides: PageOptions<F>['fields'] = {},
): ResourceField[] {
  const declared: ResourceField[] = fieldsOf(decl)
    .filter(([, field]) => !field.internal)
    .map(([name, field]) => ({ ...field, ...(field.from ? { form: false } : {}), ...overrides[name], name }));
  const filters: ResourceField[] = Object.entries(decl.filters ?? {}).map(([name, filter]) => ({
    name,
    label: filter.label,
    kind: filter.kind === 'text' || !filter.kind ? 'text' : filter.kind,
    dict: filter.dict,
    options: filter.options,
    search: true,
    list: false,
    form: false,
    detail: false,
  }));
  return [...declared, ...filters];
}

export function pageOf<F extends FieldDecls>(
  decl: ResourceDecl<F>,
  options: PageOptions<F> = {},
): ResourcePageDef {
  const { fields: overrides, extraFields = [], view, ...page } = options;
  const viewDecl = view ? decl.views?.[view] : undefined;
  if (view && !viewDecl) throw new Error(`${decl.path}: no view ${view}`);
  const shown = view ? viewDecl?.columns : decl.columns;
  const columns = shown ? new Set<string>(shown) : undefined;
  const search = viewDecl?.search ? new Set<string>(viewDecl.search) : undefined;
  const fields = withExtra(fieldsOfDecl(decl, overrides), extraFields).map((field) => ({
    ...field,
    ...(columns
      ? { list: columns.has(field.name) ? (field.list === false ? true : field.list) : false }
      : {}),
    ...(search ? { search: search.has(field.name) ? field.search || true : false } : {}),
  }));
  const sort = viewDecl?.defaultSort ?? decl.defaultSort;
  const can = new Set(decl.actions);
  return {
    api: view ? `${decl.path}/${view}` : decl.path,
    title: viewDecl?.title ?? decl.title,
    perm: viewPermission(decl, view),
    schema: decl.body as ObjectSchemaLike | undefined,
    actions: {
      add: can.has('add'),
      edit: can.has('edit'),
      delete: can.has('delete'),
      export: can.has('export'),
      import: can.has('import'),
    },
    importTemplate: can.has('import') ? `${decl.path}/importTemplate` : undefined,
    defaultSort: sort ? { column: sort.field, order: sort.order } : undefined,
    // Every search box can be pre-filled from the page's address (`?state=1` from the bell).
    urlFilters: fields.filter((field) => field.search).map((field) => field.name),
    fixedQuery: undefined,
    ...page,
    fields,
  };
}

/** The declared fields with the screen's own placed among them. */
function withExtra(
  declared: ResourceField[],
  extra: Array<ResourceField & { after?: string }>,
): ResourceField[] {
  const out = [...declared];
  // Several after one field keep their order: each goes after the last one placed there.
  const last = new Map<string, string>();
  for (const { after, ...field } of extra) {
    const anchor = after ? (last.get(after) ?? after) : undefined;
    const at = anchor ? out.findIndex((f) => f.name === anchor) : -1;
    if (at < 0) out.push(field);
    else out.splice(at + 1, 0, field);
    if (after) last.set(after, field.name);
  }
  return out;
}
