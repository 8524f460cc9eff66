import { staticFileUrl } from '@freight/contracts';
import { API_BASE } from './request';

/** Logo and background values: URLs and site paths as they are, relative paths via the static folder. */
export function assetUrl(value: string | null | undefined, fallback = ''): string {
  const v = value?.trim();
  if (!v) return fallback;
  if (v.startsWith('/') || /^(https?:|data:)/i.test(v)) return v;
  return staticFileUrl(`${API_BASE}/sys/common/static`, v);
}

export const DEFAULT_LOGO_LIGHT = '/brand/logo-light.svg';
export const DEFAULT_LOGO_DARK = '/brand/logo-dark.svg';
export const DEFAULT_LOGIN_BG = '/brand/login-bg.svg';
