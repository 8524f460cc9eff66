import type {
  AnalysisSummary,
  LoginInfo,
  MonitorSummary,
  TaskSummary,
  VisitDay,
  WorkplaceSummary,
} from '@freight/contracts';
import { api } from './request';

export const dashboardApi = {
  /** 分析页: the freight KPIs of the caller's scope, each with the path of its list. */
  analysis: () => api.get<AnalysisSummary>('/dashboard/analysis'),
  loginInfo: () => api.get<LoginInfo>('/sys/loginfo'),
  visitInfo: () => api.get<VisitDay[]>('/sys/visitInfo'),
  /** Outbox counts by state and the reports past their province's deadline. */
  regulatorSummary: () =>
    api.get<{ pending: number; sending: number; accepted: number; failed: number; overdue: number }>(
      '/report/message/summary',
    ),
  /** 工作台: the caller's to-dos (each with its filtered list) and own recent operations. */
  workplace: () => api.get<WorkplaceSummary>('/dashboard/workplace'),
  /** 监控页: fleet by live state, today's waybills, dispatches per hour, open warnings. */
  monitor: () => api.get<MonitorSummary>('/dashboard/monitor'),
  /** 任务页: scheduled jobs and the outbox queues. */
  task: () => api.get<TaskSummary>('/dashboard/task'),
};
