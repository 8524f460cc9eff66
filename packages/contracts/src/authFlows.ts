import { z } from 'zod';
import type { LoginResult } from './api.ts';
import { AUTH_MSG } from './authMessages.ts';
import { MSG } from './messages.ts';
import { strongPassword } from './password.ts';
import { isUnifiedSocialCreditCode } from './rules/idNumbers.ts';

// Payloads of the login, SSO and registration flows, shared by the server and the console.

export { AUTH_MSG } from './authMessages.ts';

const mobile = z
  .string({ error: AUTH_MSG.mobileInvalid })
  .trim()
  .regex(/^1[3-9]\d{9}$/, AUTH_MSG.mobileInvalid);
const smsCode = z
  .string({ error: AUTH_MSG.smsCodeRequired })
  .trim()
  .min(1, AUTH_MSG.smsCodeRequired)
  .max(6, AUTH_MSG.smsCodeInvalid);
const username = z
  .string({ error: '请输入用户名' })
  .trim()
  .min(2, '用户账号至少2个字符')
  .max(64, '用户账号不能超过64个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -');

/** smsmode: '0' login, '1' register, '2' forgot password. */
export const SMS_MODE = { login: '0', register: '1', forgot: '2' } as const;
export const smsBody = z.object({ mobile, smsmode: z.enum(['0', '1', '2'], { error: '短信类型不正确' }) });
export type SmsBody = z.infer<typeof smsBody>;

export const phoneLoginBody = z.object({ mobile, captcha: smsCode });
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

export const usernameLoginBody = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(64, MSG.badCredentials),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, MSG.badCredentials),
  captcha: z.string().max(16, MSG.captchaError).optional(),
  checkKey: z.string().max(64, MSG.captchaInvalid).optional(),
  /** Issue a remember key with the login (as /sys/login does). */
  remember_me: z.boolean().optional(),
});
export type UsernameLoginBody = z.infer<typeof usernameLoginBody>;

/** The result of a 406 answer of /sys/loginByUsername: the token works only on /sys/user/updatePassword. */
export interface PasswordChangeRequired {
  username: string;
  reason: 'initial' | 'expired';
  token: string;
}

/** /sys/login with remember_me, and /sys/remember/{key}: the login result plus the (new) remember key. */
export type RememberedLoginResult = LoginResult & { rememberKey?: string };

/** Public: which extra sign-in ways the login page should offer. */
export interface LoginOptions {
  /** Whether the password logins ask for the image captcha. */
  captcha: boolean;
  cas: { loginUrl: string } | null;
  third: Array<{ provider: string; name: string }>;
}

export const registerBody = z.object({
  username,
  password: strongPassword,
  mobile,
  smscode: smsCode,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const phoneVerificationBody = z.object({ phone: mobile, smscode: smsCode });
export type PhoneVerificationBody = z.infer<typeof phoneVerificationBody>;

export const passwordResetBody = z
  .object({
    username: z
      .string({ error: AUTH_MSG.resetTokenInvalid })
      .trim()
      .min(1, AUTH_MSG.resetTokenInvalid)
      .max(64),
    password: strongPassword,
    confirmpassword: z.string({ error: MSG.confirmPasswordRequired }).min(1, MSG.confirmPasswordRequired),
    resetToken: z
      .string({ error: AUTH_MSG.resetTokenInvalid })
      .min(1, AUTH_MSG.resetTokenInvalid)
      .max(100, AUTH_MSG.resetTokenInvalid),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: MSG.passwordMismatch,
    path: ['confirmpassword'],
  });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const customerRegisterBody = z.object({
  customerName: z
    .string({ error: '请输入企业名称' })
    .trim()
    .min(2, '请输入企业名称')
    .max(100, '企业名称不能超过100个字符'),
  creditCode: z
    .string({ error: AUTH_MSG.creditCodeInvalid })
    .trim()
    .toUpperCase()
    .refine(isUnifiedSocialCreditCode, AUTH_MSG.creditCodeInvalid),
  contactName: z
    .string({ error: '请输入联系人' })
    .trim()
    .min(1, '请输入联系人')
    .max(50, '联系人不能超过50个字符'),
  mobile,
  smscode: smsCode,
  username,
  password: strongPassword,
});
/**
 * The text fields of the multipart POST /customer/hyCustomer/register; the licence image travels in the
 * same request (file field `licence`), so a file is stored only for a registration that passed its code.
 */
export type CustomerRegisterBody = z.infer<typeof customerRegisterBody>;
/** Largest licence image accepted at registration. */
export const LICENCE_MAX_BYTES = 5 * 1024 * 1024;
