import type { LoginInfo, VisitDay } from '@freight/contracts';
import { api } from './request';

export const dashboardApi = {
  loginInfo: () => api.get<LoginInfo>('/sys/loginfo'),
  visitInfo: () => api.get<VisitDay[]>('/sys/visitInfo'),
  /** Outbox counts by state and the reports past their province's deadline. */
  regulatorSummary: () =>
    api.get<{ pending: number; sending: number; accepted: number; failed: number; overdue: number }>(
      '/report/message/summary',
    ),
};
