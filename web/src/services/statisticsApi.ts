import type {
  BusinessSummary,
  DataScreen,
  FinanceScreen,
  StatisticsQuery,
  StatisticsResult,
} from '@freight/contracts';
import { api } from './request';

export const statisticsApi = {
  /** 统计分析: figures by period, customer, route, agent or vehicle type over a date range. */
  list: (query: StatisticsQuery) => api.get<StatisticsResult>('/statistics/list', query),
  /** 经营看板: revenue and margin trend, top customers, receivables, float, risk and regulator rates. */
  business: () => api.get<BusinessSummary>('/statistics/business'),
  dataScreen: () => api.get<DataScreen>('/screen/data'),
  financeScreen: () => api.get<FinanceScreen>('/screen/finance'),
};
