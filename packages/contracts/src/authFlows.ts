import { z } from 'zod';
import type { LoginResult } from './api.ts';
import { MSG } from './messages.ts';
import { strongPassword } from './password.ts';
import { isUnifiedSocialCreditCode } from './rules/idNumbers.ts';

// Payloads of the login, SSO and registration flows (issue 4), shared by the server and the console.

export const AUTH_MSG = {
  mobileInvalid: '请输入正确的手机号码',
  smsCodeRequired: '请输入短信验证码',
  smsSent: '验证码已发送，10分钟内有效',
  smsTooFrequent: '发送过于频繁，请60秒后再试',
  smsDailyLimit: '该手机号今日发送次数已达上限，请明天再试',
  smsCodeInvalid: '短信验证码错误或已失效',
  smsSendFailed: '短信发送失败，请稍后再试',
  phoneAmbiguous: '该手机号绑定了多个账号，请使用账号密码登录',
  userFrozen: '该用户已冻结',
  notCustomerAccount: '该账号不是货主账号，请使用平台登录',
  customerFrozen: '所属货主已被冻结，无法登录，请联系平台客服',
  customerRejected: '所属货主审核未通过，无法登录，请重新提交资料或联系平台客服',
  passwordInitial: '当前为初始密码，请先修改密码',
  passwordExpired: '密码已过期，请先修改密码',
  rememberInvalid: '自动登录已失效，请重新登录',
  casDisabled: '未启用单点登录',
  casTicketInvalid: '单点登录票据无效或已使用，请重新登录',
  casUnavailable: '单点登录服务暂不可用，请稍后再试',
  casNoLocalUser: '该统一认证账号未在本平台开通，请联系管理员',
  thirdUnknownProvider: '不支持的第三方登录方式',
  thirdStateInvalid: '第三方登录请求已失效，请重新发起登录',
  thirdFailed: '第三方登录失败，请稍后再试',
  thirdNotBound: '该第三方账号未绑定平台用户，请联系管理员绑定手机号后再试',
  thirdCodeInvalid: '登录凭证无效或已过期，请重新登录',
  usernameTaken: '该用户名已被注册',
  mobileTaken: '该手机号已注册，请直接登录或找回密码',
  registerOk: '注册成功',
  creditCodeInvalid: '统一社会信用代码格式不正确',
  creditCodeTaken: '该统一社会信用代码已注册',
  customerRegisterOk: '注册成功，请等待平台审核',
  resetTokenInvalid: '验证已过期，请重新获取短信验证码',
  passwordReset: '密码重置成功!',
} as const;

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
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -');

/** smsmode: '0' login, '1' register, '2' forgot password. */
export const SMS_MODE = { login: '0', register: '1', forgot: '2' } as const;
export const smsBody = z.object({ mobile, smsmode: z.enum(['0', '1', '2'], { error: '短信类型不正确' }) });
export type SmsBody = z.infer<typeof smsBody>;

export const phoneLoginBody = z.object({ mobile, captcha: smsCode });
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

export const usernameLoginBody = z.object({
  username: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
  captcha: z.string().max(16).optional(),
  checkKey: z.string().max(64).optional(),
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
    username: z.string().trim().min(1).max(64),
    password: strongPassword,
    confirmpassword: z.string().min(1, MSG.confirmPasswordRequired),
    resetToken: z.string().min(1, AUTH_MSG.resetTokenInvalid).max(100),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: MSG.passwordMismatch,
    path: ['confirmpassword'],
  });
export type PasswordResetBody = z.infer<typeof passwordResetBody>;

export const customerRegisterBody = z.object({
  customerName: z.string().trim().min(2, '请输入企业名称').max(200),
  creditCode: z
    .string({ error: AUTH_MSG.creditCodeInvalid })
    .trim()
    .toUpperCase()
    .refine(isUnifiedSocialCreditCode, AUTH_MSG.creditCodeInvalid),
  licenseImg: z.string().trim().min(1, '请上传营业执照').max(255),
  contactName: z.string().trim().min(1, '请输入联系人').max(50),
  mobile,
  smscode: smsCode,
  username,
  password: strongPassword,
});
export type CustomerRegisterBody = z.infer<typeof customerRegisterBody>;
