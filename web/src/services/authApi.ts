import type {
  Depart,
  Envelope,
  LoginBody,
  LoginResult,
  PermissionResult,
  UserInfo,
} from '@freight/contracts';
import { api, getEnvelope, postEnvelope, putEnvelope } from './request';

export const authApi = {
  captcha: (checkKey: string) => getEnvelope<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`),
  /** Resolves to the envelope: the caller needs `code` (412 wrong captcha, 406 password change). */
  login: (body: LoginBody): Promise<Envelope<LoginResult>> => postEnvelope<LoginResult>('/sys/login', body),
  logout: () => postEnvelope<unknown>('/sys/logout'),
  permissions: () => api.get<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  currentDeparts: () =>
    api.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username?: string) =>
    api.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
  updatePassword: (body: {
    username: string;
    oldpassword: string;
    password: string;
    confirmpassword: string;
  }) => putEnvelope<unknown>('/sys/user/updatePassword', body),
};
