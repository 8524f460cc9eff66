import { staticFileUrl } from '@freight/contracts';
import { API_BASE } from './request';

/**
 * Where stored files are served from: the server's static route by default, or a CDN / object-store domain
 * configured at build time (VITE_STATIC_DOMAIN), as the reference's `domianURL`.
 */
export const STATIC_DOMAIN: string = import.meta.env.VITE_STATIC_DOMAIN || `${API_BASE}/sys/common/static`;

/** Logo and background values: URLs and site paths as they are, relative paths via the static folder. */
export function assetUrl(value: string | null | undefined, fallback = ''): string {
  const v = value?.trim();
  if (!v) return fallback;
  if (v.startsWith('/') || /^(https?:|data:)/i.test(v)) return v;
  return staticFileUrl(STATIC_DOMAIN, v);
}

export const DEFAULT_LOGO_LIGHT = '/brand/logo-light.svg';
export const DEFAULT_LOGO_DARK = '/brand/logo-dark.svg';
export const DEFAULT_LOGIN_BG = '/brand/login-bg.svg';
