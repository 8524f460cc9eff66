import type {
  Depart,
  Envelope,
  LoginBody,
  LoginOptions,
  LoginResult,
  PasswordChangeRequired,
  PermissionResult,
  RememberedLoginResult,
  UserInfo,
} from '@freight/contracts';
import { localCache } from '../stores/storage';
import { API_BASE, api, getEnvelope, postEnvelope, putEnvelope } from './request';

/** The remember-me key of this browser: 30 days, like the server side of the chain. */
const REMEMBER_KEY = 'Login_RememberKey';
const REMEMBER_TTL_MS = 30 * 24 * 3_600_000;

export const rememberKey = {
  get: () => localCache.get<string>(REMEMBER_KEY),
  /** Keeps the newest key of the chain (each use rotates it), or forgets it. */
  set: (key: string | undefined | null) => {
    if (key) localCache.set(REMEMBER_KEY, key, REMEMBER_TTL_MS);
    else localCache.remove(REMEMBER_KEY);
  },
};

/** smsmode of POST /sys/sms: '0' login, '1' register, '2' forgot password. */
export type SmsMode = '0' | '1' | '2';

export interface UsernameLogin {
  username: string;
  password: string;
  captcha?: string;
  checkKey?: string;
  remember_me?: boolean;
}

export interface CustomerRegistration {
  customerName: string;
  creditCode: string;
  contactName: string;
  mobile: string;
  smscode: string;
  username: string;
  password: string;
  licence: File;
}

export const authApi = {
  captcha: (checkKey: string) => getEnvelope<string>(`/sys/randomImage/${encodeURIComponent(checkKey)}`),
  /** Resolves to the envelope: the caller needs `code` (412 wrong captcha, 406 password change). */
  login: (body: LoginBody): Promise<Envelope<LoginResult>> => postEnvelope<LoginResult>('/sys/login', body),
  /** The newer username login: code 200 with the login result, or 406 with a password-change token. */
  loginByUsername: (body: UsernameLogin) =>
    postEnvelope<RememberedLoginResult | PasswordChangeRequired>('/sys/loginByUsername', body),
  /** Customer staff only (userType 2 and 6). */
  customerLogin: (body: UsernameLogin) =>
    postEnvelope<RememberedLoginResult | PasswordChangeRequired>('/sys/customerlogin', body),
  phoneLogin: (mobile: string, captcha: string) =>
    postEnvelope<LoginResult>('/sys/phoneLogin', { mobile, captcha }),
  sendSms: (mobile: string, smsmode: SmsMode) => postEnvelope<null>('/sys/sms', { mobile, smsmode }),
  loginOptions: () => getEnvelope<LoginOptions>('/sys/loginOptions'),
  remember: (key: string) => getEnvelope<RememberedLoginResult>(`/sys/remember/${encodeURIComponent(key)}`),
  validateCas: (ticket: string, service: string) =>
    getEnvelope<LoginResult>('/cas/client/validateLogin', { ticket, service }),
  thirdLoginUser: (code: string) =>
    getEnvelope<LoginResult>(`/thirdLogin/getLoginUser/${encodeURIComponent(code)}`),
  /** Where the browser goes to start a third-party sign-in (the server redirects to the provider). */
  thirdLoginUrl: (provider: string) => `${API_BASE}/thirdLogin/render/${encodeURIComponent(provider)}`,
  register: (body: { username: string; password: string; mobile: string; smscode: string }) =>
    postEnvelope<null>('/sys/user/register', body),
  phoneVerification: (phone: string, smscode: string) =>
    postEnvelope<{ username: string; resetToken: string }>('/sys/user/phoneVerification', {
      phone,
      smscode,
    }),
  resetPassword: (body: {
    username: string;
    password: string;
    confirmpassword: string;
    resetToken: string;
  }) => postEnvelope<null>('/sys/user/passwordChange', body),
  customerRegister: ({ licence, ...fields }: CustomerRegistration) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('licence', licence, licence.name);
    return postEnvelope<{ customerId: string; state: number }>('/customer/hyCustomer/register', form);
  },
  /** Sends this browser's remember key so the server ends its chain too. */
  logout: (forgetRememberKey = true) => {
    const key = forgetRememberKey ? rememberKey.get() : null;
    if (forgetRememberKey) rememberKey.set(null);
    return postEnvelope<{ casLogoutUrl?: string } | null>(
      '/sys/logout',
      key ? { rememberKey: key } : undefined,
    );
  },
  permissions: () => api.get<PermissionResult>('/sys/permission/getUserPermissionByToken'),
  currentDeparts: () =>
    api.get<{ list: Depart[]; orgCode: string | null }>('/sys/user/getCurrentUserDeparts'),
  selectDepart: (orgCode: string, username?: string) =>
    api.put<{ userInfo: UserInfo }>('/sys/selectDepart', { orgCode, username }),
  updatePassword: (
    body: {
      username: string;
      oldpassword: string;
      password: string;
      confirmpassword: string;
    },
    /** The short-lived token of a 406 login, instead of the session's. */
    scopedToken?: string,
  ) =>
    putEnvelope<unknown>(
      '/sys/user/updatePassword',
      body,
      scopedToken ? { headers: { 'X-Access-Token': scopedToken } } : undefined,
    ),
};
