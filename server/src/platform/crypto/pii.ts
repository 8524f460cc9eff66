import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';

// Column-level encryption of personal numbers (ID numbers, bank card numbers): AES-256-GCM
// with a key id in every value, so keys rotate (a new active key encrypts, the old ones still decrypt, and
// reencrypt() moves values to the active key), and a keyed hash (HMAC-SHA256, its own key that does not rotate)
// stored beside the ciphertext for exact lookups and uniqueness. Keys come from PII_KEYS / PII_ACTIVE_KEY /
// PII_INDEX_KEY, or from DATA_DIR/pii-keys.json, created with a fresh key on the first start.

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface PiiKeyFile {
  /** The key new values are encrypted with. */
  active: string;
  /** Key id → 32-byte key, base64. */
  keys: Record<string, string>;
  /** The blind-index (HMAC) key, base64; never rotated with the encryption keys. */
  index: string;
}

export class PiiCipher {
  private readonly keys: Map<string, Buffer>;
  private readonly indexKey: Buffer;
  readonly activeKid: string;

  constructor(file: PiiKeyFile) {
    this.keys = new Map(Object.entries(file.keys).map(([kid, b64]) => [kid, Buffer.from(b64, 'base64')]));
    for (const [kid, key] of this.keys)
      if (key.length !== 32) throw new Error(`PII key ${kid} is not 32 bytes (AES-256)`);
    if (!this.keys.has(file.active)) throw new Error(`active PII key ${file.active} is not among the keys`);
    if (/[:]/.test(file.active)) throw new Error('a PII key id may not contain ":"');
    this.activeKid = file.active;
    this.indexKey = Buffer.from(file.index, 'base64');
    if (this.indexKey.length < 32) throw new Error('the PII index key needs at least 32 bytes');
  }

  /** `enc:v1:<kid>:<iv>:<ciphertext+tag>` (base64url parts). */
  encrypt(plain: string): string {
    const key = this.keys.get(this.activeKid) as Buffer;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${this.activeKid}:${iv.toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The plain value; a value without the prefix is a not yet converted plain one and comes back as it is. */
  decrypt(value: string): string {
    if (!isEncrypted(value)) return value;
    const [kid, ivPart, bodyPart] = value.slice(PREFIX.length).split(':');
    const key = this.keys.get(kid);
    if (!key) throw new Error(`unknown PII key id ${kid}`);
    const body = Buffer.from(bodyPart, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivPart, 'base64url'));
    decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }

  /** The keyed hash for exact lookup: equal plain values (after trimming, upper-cased) hash alike. */
  blindIndex(plain: string): string {
    return createHmac('sha256', this.indexKey).update(plain.trim().toUpperCase()).digest('hex');
  }

  /** The key id a stored value was encrypted with (null for a plain value). */
  keyIdOf(value: string): string | null {
    return isEncrypted(value) ? value.slice(PREFIX.length).split(':')[0] : null;
  }

  /** The value under the active key: plain and old-key values are (re-)encrypted, current ones kept. */
  reencrypt(value: string): string {
    if (this.keyIdOf(value) === this.activeKid) return value;
    return this.encrypt(this.decrypt(value));
  }
}

export function isEncrypted(value: string): boolean {
  return value.startsWith(PREFIX);
}

function newKeyFile(): PiiKeyFile {
  return {
    active: 'k1',
    keys: { k1: randomBytes(32).toString('base64') },
    index: randomBytes(32).toString('base64'),
  };
}

/** The keys of the environment (PII_KEYS="k1:<base64>,k2:<base64>", PII_ACTIVE_KEY, PII_INDEX_KEY), if set. */
export function keysFromEnv(env: NodeJS.ProcessEnv): PiiKeyFile | null {
  if (!env.PII_KEYS) return null;
  const keys: Record<string, string> = {};
  for (const part of env.PII_KEYS.split(',')) {
    const at = part.indexOf(':');
    if (at > 0) keys[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  const ids = Object.keys(keys);
  if (!env.PII_INDEX_KEY) throw new Error('PII_INDEX_KEY must be set with PII_KEYS');
  return { active: env.PII_ACTIVE_KEY ?? ids[ids.length - 1], keys, index: env.PII_INDEX_KEY };
}

function keyFilePath(dataDir: string): string {
  return path.join(dataDir, 'pii-keys.json');
}

async function writeKeyFile(dataDir: string, file: PiiKeyFile): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const target = keyFilePath(dataDir);
  const partial = `${target}.${process.pid}.partial`;
  await writeFile(partial, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  await rename(partial, target);
}

/** The cipher of this deployment: the environment's keys, else DATA_DIR/pii-keys.json (made on first start). */
export async function loadPiiCipher(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<PiiCipher> {
  const fromEnv = keysFromEnv(env);
  if (fromEnv) return new PiiCipher(fromEnv);
  const existing = await readFile(keyFilePath(dataDir), 'utf8').catch(() => null);
  if (existing) return new PiiCipher(JSON.parse(existing) as PiiKeyFile);
  const file = newKeyFile();
  await writeKeyFile(dataDir, file);
  return new PiiCipher(file);
}

/**
 * Adds a fresh key and makes it the active one (the old keys stay for decrypting); answers its id. Values move
 * to it when the re-encrypt job runs over the encrypted columns.
 */
export async function rotatePiiKey(dataDir: string): Promise<string> {
  const file = JSON.parse(await readFile(keyFilePath(dataDir), 'utf8')) as PiiKeyFile;
  let n = Object.keys(file.keys).length + 1;
  while (file.keys[`k${n}`]) n++;
  const kid = `k${n}`;
  await writeKeyFile(dataDir, {
    ...file,
    active: kid,
    keys: { ...file.keys, [kid]: randomBytes(32).toString('base64') },
  });
  return kid;
}
