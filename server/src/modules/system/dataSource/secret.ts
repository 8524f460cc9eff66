import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { keptSetting } from '../../apps/index.ts';
import { sysDataSource } from '../adminSchema.ts';

const PREFIX = 'gcm1:';
/** Secret rows live in tenant -1, which no settings call ever reads (as the file-sign secret). */
const SECRET_TENANT = -1;
const SETTING_KEY = 'data_source_key';

/** 32 bytes: DATA_SOURCE_KEY (64 hex characters, or any text, hashed), else a key generated once and stored. */
export async function loadDataSourceKey(db: Db): Promise<Buffer> {
  const fromEnv = process.env.DATA_SOURCE_KEY;
  if (fromEnv) {
    return /^[0-9a-f]{64}$/i.test(fromEnv)
      ? Buffer.from(fromEnv, 'hex')
      : createHash('sha256').update(fromEnv).digest();
  }
  const stored = await keptSetting(
    db,
    { tenantId: SECRET_TENANT, key: SETTING_KEY },
    randomBytes(32).toString('hex'),
  );
  return Buffer.from(stored, 'hex');
}

/** AES-256-GCM: `gcm1:` + base64(iv ‖ tag ‖ ciphertext). */
export function encryptSecret(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

export function decryptSecret(key: Buffer, stored: string): string {
  if (!stored.startsWith(PREFIX)) throw new Error('unknown secret format');
  const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}

/** The decrypted settings of a data source, for read-only reports on it. */
export async function dataSourceSettings(db: Db, code: string) {
  const [row] = await db.select().from(sysDataSource).where(eq(sysDataSource.code, code));
  if (!row) return null;
  const password = row.dbPassword ? decryptSecret(await loadDataSourceKey(db), row.dbPassword) : '';
  return { ...row, dbPassword: password };
}
