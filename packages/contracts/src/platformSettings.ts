import { z } from 'zod';

// 平台设置: what an operator may change of the platform's face — name, logos, login
// background, footer, the vehicle-track switch and the AMap key with its security code. Shown publicly on the
// login page, so every value is plain text or a stored image path, checked here for both sides.

/** Settings that hold an image: a stored upload path or a site path such as /brand/logo-light.svg. */
export const PLATFORM_IMAGE_KEYS = ['platform_logo_light', 'platform_logo_dark', 'bg'] as const;
export type PlatformImageKey = (typeof PLATFORM_IMAGE_KEYS)[number];

const text = (max: number) => z.string().trim().max(max, `不能超过 ${max} 个字符`);
const image = z
  .string()
  .trim()
  .max(255)
  .refine((v) => v === '' || v.startsWith('/brand/') || (/^[\w\-./]+$/.test(v) && !v.includes('..')), {
    message: '图片路径无效',
  });

export const platformSettingsBody = z.object({
  web_platform_name: text(30).min(1, '请输入平台名称'),
  logo_title: text(20),
  platform_logo_light: image,
  platform_logo_dark: image,
  bg: image,
  vehicle_track_switch: z.enum(['0', '1']),
  footer_address: text(100),
  footer_customer_service: text(50),
  footer_company_name: text(100),
  footer_company_name_link: z
    .string()
    .trim()
    .max(255)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), { message: '请输入以 http(s):// 开头的链接' }),
  footer_web_record_number: text(50),
  footer_ICP_number: text(50),
  gd_web: z
    .string()
    .trim()
    .max(64)
    .refine((v) => v === '' || /^[0-9a-zA-Z]+$/.test(v), { message: '高德 Key 只含字母和数字' }),
  gd_web_security: z
    .string()
    .trim()
    .max(64)
    .refine((v) => v === '' || /^[0-9a-zA-Z]+$/.test(v), { message: '安全密钥只含字母和数字' }),
});
export type PlatformSettingsBody = z.infer<typeof platformSettingsBody>;
