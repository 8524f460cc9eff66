/** Template codes of the verification messages, by smsmode ('0' login, '1' register, '2' forgot password). */
export const SMS_TEMPLATE_BY_MODE = {
  '0': 'SMS_LOGIN_CODE',
  '1': 'SMS_REGISTER_CODE',
  '2': 'SMS_FORGOT_CODE',
} as const;

/** The code sent to a new mobile being bound to an account (个人设置 › 更换手机). */
export const CHANGE_MOBILE_TEMPLATE = 'SMS_CHANGE_MOBILE_CODE';

/** Seeded into sys_sms_template; also the fallback text when a template row is missing or disabled. */
export const DEFAULT_SMS_TEMPLATES = [
  {
    templateCode: SMS_TEMPLATE_BY_MODE['0'],
    templateName: '短信登录验证码',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is a message-template placeholder, not JS
    templateContent: '您的登录验证码为${code}，10分钟内有效。如非本人操作，请忽略本短信。',
  },
  {
    templateCode: SMS_TEMPLATE_BY_MODE['1'],
    templateName: '注册验证码',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is a message-template placeholder, not JS
    templateContent: '您正在注册智运通网络货运平台账号，验证码为${code}，10分钟内有效。请勿泄露给他人。',
  },
  {
    templateCode: SMS_TEMPLATE_BY_MODE['2'],
    templateName: '找回密码验证码',
    templateContent:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is a message-template placeholder, not JS
      '您正在找回智运通平台账号密码，验证码为${code}，10分钟内有效。如非本人操作，请忽略本短信。',
  },
  {
    templateCode: CHANGE_MOBILE_TEMPLATE,
    templateName: '更换绑定手机验证码',
    templateContent:
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ${code} is a message-template placeholder, not JS
      '您正在将本手机号绑定到智运通平台账号，验证码为${code}，10分钟内有效。如非本人操作，请忽略本短信。',
  },
] as const;

/** Replaces `${name}` with its parameter; unknown names stay as written so a broken template is visible. */
export function renderTemplate(content: string, params: Record<string, string>): string {
  return content.replace(/\$\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}
