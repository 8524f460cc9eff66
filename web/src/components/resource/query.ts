// ProTable params and sort → the JeecgBoot list call's query (pageNo, pageSize, column, order, filters).
import { PAGE_SIZE } from '@freight/contracts';

export type SortState = Record<string, 'ascend' | 'descend' | null>;

export function toListQuery(
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort: SortState,
  fixed: Record<string, string | number> = {},
): Record<string, unknown> {
  const { current, pageSize, keyword: _keyword, ...filters } = params;
  const query: Record<string, unknown> = { pageNo: current ?? 1, pageSize: pageSize ?? PAGE_SIZE };
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) query[key] = value.join(',');
      continue;
    }
    query[key] = typeof value === 'string' ? value.trim() : value;
  }
  Object.assign(query, fixed);
  const [column, order] = Object.entries(sort).find(([, direction]) => direction) ?? [];
  if (column && order) {
    query.column = column;
    query.order = order === 'ascend' ? 'asc' : 'desc';
  }
  return query;
}

/** A date or number range of the search form → `<name>_begin` / `<name>_end`, the names the JeecgBoot list calls read. */
export function rangeQuery(name: string, value: unknown): Record<string, unknown> {
  if (!Array.isArray(value)) return {};
  const [begin, end] = value as unknown[];
  const out: Record<string, unknown> = {};
  if (begin !== undefined && begin !== null && begin !== '') out[`${name}_begin`] = begin;
  if (end !== undefined && end !== null && end !== '') out[`${name}_end`] = end;
  return out;
}

/** Copies whitelisted keys of the page URL's query into initial search values (`?state=1`). */
export function urlFilterValues(search: string, keys: readonly string[]): Record<string, string> {
  const params = new URLSearchParams(search);
  const out: Record<string, string> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== '') out[key] = value;
  }
  return out;
}
