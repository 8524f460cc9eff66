import type { LoginInfo, VisitDay } from '@freight/contracts';
import { api } from './request';

export const dashboardApi = {
  loginInfo: () => api.get<LoginInfo>('/sys/loginfo'),
  visitInfo: () => api.get<VisitDay[]>('/sys/visitInfo'),
};
