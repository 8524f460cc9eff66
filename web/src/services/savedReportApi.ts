import type {
  SavedReportCategory,
  SavedReportDetail,
  SavedReportPage,
  SavedReportSummary,
} from '@freight/contracts';
import { api } from './request';

/** 报表列表: saved reports of the online report engine, run with `self_<param>` values and search boxes. */
export const savedReportApi = {
  list: (query: { category?: SavedReportCategory; keyword?: string } = {}) =>
    api.get<SavedReportSummary[]>('/statistics/report/list', query),
  detail: (code: string) =>
    api.get<SavedReportDetail>(`/statistics/report/detail/${encodeURIComponent(code)}`),
  data: (code: string, query: Record<string, unknown>) =>
    api.get<SavedReportPage>(`/statistics/report/getData/${encodeURIComponent(code)}`, query),
  exportUrl: (code: string) => `/statistics/report/exportXls/${encodeURIComponent(code)}`,
};
