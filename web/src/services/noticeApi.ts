import type { Announcement, AnnouncementsByUser, PendingCounts } from '@freight/contracts';
import { api } from './request';

export const noticeApi = {
  pendingCounts: () => api.get<PendingCounts>('/hydriver/hyDriver/getDsXx'),
  listByUser: () => api.get<AnnouncementsByUser>('/sys/annountCement/listByUser'),
  byId: (id: string) => api.get<Announcement>('/sys/annountCement/queryById', { id }),
  markRead: (anntId: string) =>
    api.put<unknown>('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }),
};
