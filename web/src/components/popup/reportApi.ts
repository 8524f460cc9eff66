// Client of the online report API: columns by code, search fields and pages of data by id.
import type { DictItem } from '@freight/contracts';
import { api } from '../../services/request';

export interface RpColumn {
  id: string;
  title: string;
  dataIndex: string;
  fieldType: string;
  width?: number;
  isTotal: '0' | '1';
  dictCode?: string;
}

export interface RpColumns {
  columns: RpColumn[];
  dictOptions: Record<string, DictItem[]>;
  cgRpConfigId: string;
  cgRpConfigName: string;
  returnValField?: string | null;
  returnTxtField?: string | null;
}

export interface QueryField {
  label: string;
  field: string;
  view: string;
  mode: 'single' | 'group';
  fieldType: string;
  dictCode?: string;
  dictOptions?: DictItem[];
}

export interface RpPage {
  total: number;
  records: Record<string, unknown>[];
  totals?: Record<string, unknown>;
  current: number;
  size: number;
}

export interface RpQuery {
  pageNo: number;
  pageSize: number;
  column?: string;
  order?: 'asc' | 'desc';
  [field: string]: unknown;
}

export const getRpColumns = (code: string) =>
  api.get<RpColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`);
export const getQueryInfo = (id: string) =>
  api.get<QueryField[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`);
export const getData = (id: string, query: RpQuery) =>
  api.get<RpPage>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, query);

/** Columns of a report by code, cached 30 s per group id so popups of one form share them. */
const groupCache = new Map<string, { at: number; value: Promise<RpColumns> }>();
export const GROUP_CACHE_MS = 30_000;
export function cachedRpColumns(code: string, groupId?: string): Promise<RpColumns> {
  if (!groupId) return getRpColumns(code);
  const key = `${groupId}\u0000${code}`;
  const hit = groupCache.get(key);
  if (hit && Date.now() - hit.at < GROUP_CACHE_MS) return hit.value;
  const value = getRpColumns(code);
  groupCache.set(key, { at: Date.now(), value });
  value.catch(() => groupCache.delete(key));
  return value;
}
