import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived links for `<img>` tags and downloads, which cannot send the token header. The signature covers
 * the file, the expiry and the user the link was made for; the static route accepts it only from a browser
 * whose file cookie holds a live session of that same user, so a link copied to someone else, used without a
 * session or after its expiry is refused.
 */
export function signFile(secret: string, filePath: string, expiresAt: number, userId: string): string {
  return createHmac('sha256', secret).update(`${filePath}\n${expiresAt}\n${userId}`).digest('base64url');
}

export type SignedFileCheck = 'ok' | 'expired' | 'invalid';

export function verifySignedFile(
  secret: string,
  filePath: string,
  expires: string,
  userId: string,
  sign: string,
  now = Date.now(),
): SignedFileCheck {
  const expiresAt = Number(expires);
  if (!/^\d{1,15}$/.test(expires) || !Number.isSafeInteger(expiresAt)) return 'invalid';
  const expected = Buffer.from(signFile(secret, filePath, expiresAt, userId));
  const given = Buffer.from(sign);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
  return expiresAt < now ? 'expired' : 'ok';
}

/** Links made within one window share their expiry, so a page reloaded within it hits the browser's cache. */
const WINDOW_MS = 5 * 60_000;
export const SIGNED_URL_TTL_MS = 10 * 60_000;

/** The expiry of a link made now: `ttlMs` from now, rounded up to the window when it is the default life. */
export function expiryOf(now: number, ttlMs = SIGNED_URL_TTL_MS): number {
  const at = now + ttlMs;
  return ttlMs >= SIGNED_URL_TTL_MS ? Math.ceil(at / WINDOW_MS) * WINDOW_MS : at;
}

/** Reads one cookie of a Cookie header (no cookie plugin: this is the only cookie the API reads). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}
