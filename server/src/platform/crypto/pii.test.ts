// The column cipher of personal numbers — AES-256-GCM with a key id per value, rotation,
// re-encryption, the keyed hash for exact lookup, and the key file made on the first start.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEncrypted, keysFromEnv, loadPiiCipher, PiiCipher, rotatePiiKey } from './pii.ts';

describe('PII column cipher', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pii-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('creates a key file on first start and reads the same keys afterwards', async () => {
    const first = await loadPiiCipher(dir, {});
    const file = path.join(dir, 'pii-keys.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const value = first.encrypt('320102198503151234');
    const again = await loadPiiCipher(dir, {});
    expect(again.decrypt(value)).toBe('320102198503151234');
    expect(JSON.parse(await readFile(file, 'utf8')).active).toBe('k1');
  });

  it('encrypts with a fresh IV each time, tags the key id, and detects a changed value', async () => {
    const cipher = await loadPiiCipher(dir, {});
    const a = cipher.encrypt('6222021234567890123');
    const b = cipher.encrypt('6222021234567890123');
    expect(a).not.toBe(b);
    expect(isEncrypted(a)).toBe(true);
    expect(a).not.toContain('6222021234567890123');
    expect(cipher.keyIdOf(a)).toBe('k1');
    const parts = a.split(':');
    const body = Buffer.from(parts[4], 'base64url');
    body[0] ^= 1;
    parts[4] = body.toString('base64url');
    expect(() => cipher.decrypt(parts.join(':'))).toThrow();
    // A value not yet converted reads as it is.
    expect(cipher.decrypt('320102198503151234')).toBe('320102198503151234');
  });

  it('gives equal numbers the same keyed hash, whatever the case or spaces', async () => {
    const cipher = await loadPiiCipher(dir, {});
    expect(cipher.blindIndex('32010219850315123x')).toBe(cipher.blindIndex(' 32010219850315123X '));
    expect(cipher.blindIndex('320102198503151234')).not.toBe(cipher.blindIndex('320102198503151235'));
    expect(cipher.blindIndex('320102198503151234')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('rotates: a new active key, old values still read, re-encryption moves them; the hash stays', async () => {
    const before = await loadPiiCipher(dir, {});
    const old = before.encrypt('320102198503151234');
    const hash = before.blindIndex('320102198503151234');
    expect(await rotatePiiKey(dir)).toBe('k2');
    const after = await loadPiiCipher(dir, {});
    expect(after.activeKid).toBe('k2');
    expect(after.decrypt(old)).toBe('320102198503151234');
    const moved = after.reencrypt(old);
    expect(after.keyIdOf(moved)).toBe('k2');
    expect(after.reencrypt(moved)).toBe(moved);
    expect(after.keyIdOf(after.reencrypt('6222021234567890123'))).toBe('k2');
    expect(after.blindIndex('320102198503151234')).toBe(hash);
  });

  it('takes its keys from the environment when set, and refuses bad keys', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const index = Buffer.alloc(32, 9).toString('base64');
    const file = keysFromEnv({ PII_KEYS: `a:${key},b:${key}`, PII_INDEX_KEY: index });
    expect(file?.active).toBe('b');
    const cipher = new PiiCipher(file as NonNullable<typeof file>);
    expect(cipher.decrypt(cipher.encrypt('x'))).toBe('x');
    expect(() => new PiiCipher({ active: 'a', keys: { a: 'c2hvcnQ=' }, index })).toThrow(/32 bytes/);
    expect(() => keysFromEnv({ PII_KEYS: `a:${key}` })).toThrow(/PII_INDEX_KEY/);
  });
});
