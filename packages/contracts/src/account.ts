import { z } from 'zod';
import { userFields } from './systemAccess.ts';

// 个人设置: what a signed-in user may change of their own account. The account name, mobile number (SMS
// verified), departments and roles are changed elsewhere.
export const profileBody = z.object({
  realname: userFields.realname,
  email: userFields.email,
  sex: userFields.sex,
  birthday: userFields.birthday,
  telephone: userFields.telephone,
  avatar: userFields.avatar,
});
export type ProfileBody = z.infer<typeof profileBody>;

/** The console's languages; saved per user (sys_user.language) and applied at login. */
export const USER_LANGUAGES = ['zh-CN', 'en-US'] as const;
export type UserLanguage = (typeof USER_LANGUAGES)[number];
export const languageBody = z.object({
  language: z.enum(USER_LANGUAGES, { error: '语言只能是 zh-CN 或 en-US' }),
});

/**
 * Message categories the bell and the live push deliver. An announcement's category follows from its
 * business type (busType) and, for the announcements written on 通知公告, its msgCategory. A mandatory
 * category cannot be muted. None of them is sent by SMS today (SMS carries verification codes only).
 */
export const NOTIFY_CATEGORIES = [
  { key: 'notice', title: '通知公告', titleEn: 'Announcements', mandatory: false },
  { key: 'system', title: '系统消息', titleEn: 'System messages', mandatory: false },
  { key: 'app_message', title: 'APP消息', titleEn: 'App messages', mandatory: false },
  { key: 'cert_expiry', title: '证件到期提醒', titleEn: 'Certificate expiry reminders', mandatory: false },
  { key: 'risk_warning', title: '风控预警', titleEn: 'Risk warnings', mandatory: true },
] as const;
export type NotifyCategory = (typeof NOTIFY_CATEGORIES)[number]['key'];
const NOTIFY_KEYS = NOTIFY_CATEGORIES.map((c) => c.key) as [NotifyCategory, ...NotifyCategory[]];

/** The category of an announcement (sys_announcement's bus_type and msg_category). */
export function notifyCategoryOf(msgCategory: string | null, busType: string | null): NotifyCategory {
  if (busType === 'app_message' || busType === 'cert_expiry' || busType === 'risk_warning') return busType;
  return msgCategory === '2' ? 'system' : 'notice';
}

/** One category as the settings page shows it: whether the bell and live push deliver it. */
export interface NotifyPreference {
  key: NotifyCategory;
  title: string;
  titleEn: string;
  mandatory: boolean;
  bell: boolean;
}

export const notifyPrefsBody = z.object({
  /** The categories the user does not want in the bell or the live push. */
  muted: z.array(z.enum(NOTIFY_KEYS, { error: '消息类别不正确' })).max(NOTIFY_KEYS.length),
});
export type NotifyPrefsBody = z.infer<typeof notifyPrefsBody>;

const newMobile = z
  .string({ error: '请输入正确的手机号' })
  .trim()
  .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号');
/** Step 1 of changing the bound mobile: a code is sent to the new number. */
export const mobileCodeBody = z.object({ mobile: newMobile });
/** Step 2: the code of the new number and the current password. */
export const changeMobileBody = z.object({
  mobile: newMobile,
  captcha: z
    .string({ error: '请输入验证码' })
    .trim()
    .regex(/^\d{6}$/, '验证码为6位数字'),
  password: z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(128, '当前密码不正确'),
});
export type ChangeMobileBody = z.infer<typeof changeMobileBody>;
