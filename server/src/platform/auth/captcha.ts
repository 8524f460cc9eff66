import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { randomCaptchaText, renderCaptcha } from './captchaImage.ts';
import { sha256 } from './crypto.ts';
import { sysCaptcha } from './schema.ts';

const codeHash = (code: string, checkKey: string) => sha256(`${code.toLowerCase()}:${checkKey}`);

/**
 * Issues a 4-character captcha for `checkKey`, living `ttlMs` (60 s) and good for one check; the text is
 * returned for the caller (tests), the distorted PNG for users.
 */
export async function issueCaptcha(
  db: Db,
  checkKey: string,
  ttlMs: number,
): Promise<{ text: string; image: string }> {
  const text = randomCaptchaText();
  const values = {
    checkKey: sha256(checkKey),
    codeHash: codeHash(text, checkKey),
    expiresAt: new Date(Date.now() + ttlMs),
  };
  await db
    .insert(sysCaptcha)
    .values(values)
    .onConflictDoUpdate({
      target: sysCaptcha.checkKey,
      set: { codeHash: values.codeHash, expiresAt: values.expiresAt },
    });
  await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, sql`now() - interval '1 hour'`));
  const image = `data:image/png;base64,${renderCaptcha(text).toString('base64')}`;
  return { text, image };
}

/**
 * Checks and always burns the captcha: one guess per image, so it cannot be brute-forced
 * (the reference kept it until success).
 */
export async function consumeCaptcha(
  db: Db,
  checkKey: string,
  code: string,
): Promise<'ok' | 'missing' | 'wrong'> {
  const [row] = await db
    .delete(sysCaptcha)
    .where(eq(sysCaptcha.checkKey, sha256(checkKey)))
    .returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return 'missing';
  return row.codeHash === codeHash(code, checkKey) ? 'ok' : 'wrong';
}
