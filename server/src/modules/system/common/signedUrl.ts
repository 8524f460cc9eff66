import { createHmac, timingSafeEqual } from 'node:crypto';

/** Short-lived links for `<img>` tags and downloads, which cannot send the token header. */
export function signPath(secret: string, filePath: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`${filePath}\n${expiresAt}`).digest('base64url');
}

export function verifySignedPath(secret: string, filePath: string, expires: string, sign: string): boolean {
  const expiresAt = Number(expires);
  if (!Number.isFinite(expiresAt) || expiresAt < Date.now()) return false;
  const expected = Buffer.from(signPath(secret, filePath, expiresAt));
  const given = Buffer.from(sign);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
