import { createCipheriv, createDecipheriv, createHash, getCiphers, randomBytes } from 'node:crypto';
import { sm2, sm4 } from 'sm-crypto-v2';

// The ciphers of the provincial variants, from maintained implementations only: SM2 from sm-crypto-v2
// (measured ~5× faster than sm-crypto, see docs/decisions.md), SM4, AES, SHA-1 and MD5 from Node's OpenSSL.
// Nothing here implements a cipher; it fixes the encodings the provinces use (hex, '04'-prefixed C1).

export type Sm2CipherMode = 'C1C3C2' | 'C1C2C3';

/** sm-crypto's cipherMode numbers: 1 = C1C3C2 (GM/T 0003-2012), 0 = C1C2C3 (the 2010 draft). */
const modeNumber = (mode: Sm2CipherMode) => (mode === 'C1C2C3' ? 0 : 1);

const precomputed = new Map<string, ReturnType<typeof sm2.precomputePublicKey>>();

/** A public key's point table, computed once: encryption then costs well under a millisecond. */
function publicPoint(publicKeyHex: string) {
  let point = precomputed.get(publicKeyHex);
  if (!point) {
    point = sm2.precomputePublicKey(publicKeyHex);
    if (precomputed.size > 64) precomputed.clear();
    precomputed.set(publicKeyHex, point);
  }
  return point;
}

export function sm2KeyPair(): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey, privateKey };
}

export function isSm2PublicKey(hex: string): boolean {
  return /^04[0-9a-f]{128}$/i.test(hex) && sm2.verifyPublicKey(hex.toLowerCase());
}

/**
 * SM2 public-key encryption of UTF-8 text or raw bytes, hex with the uncompressed-point prefix `04` that
 * Java (BouncyCastle) gateways expect in front of C1.
 */
export function sm2Encrypt(plain: string | Uint8Array, publicKeyHex: string, mode: Sm2CipherMode): string {
  return `04${sm2.doEncrypt(plain, publicPoint(publicKeyHex.toLowerCase()), modeNumber(mode))}`;
}

/** Decrypts what sm2Encrypt (or a gateway-style client, with or without `04`) produced; throws when it cannot. */
export function sm2DecryptText(cipherHex: string, privateKeyHex: string, mode: Sm2CipherMode): string {
  const body = cipherHex.length % 2 === 0 && cipherHex.startsWith('04') ? cipherHex.slice(2) : cipherHex;
  // doDecrypt answers text unless asked for bytes.
  const plain = sm2.doDecrypt(body, privateKeyHex, modeNumber(mode)) as unknown as string;
  if (!plain) throw new Error('SM2 decryption failed');
  return plain;
}

const NATIVE_SM4 = getCiphers().includes('sm4-ecb');

/** SM4-ECB with PKCS#7 padding, hex out; the key is 16 bytes as 32 hex digits. */
export function sm4EncryptHex(plain: string, keyHex: string): string {
  if (!NATIVE_SM4) return sm4.encrypt(plain, keyHex) as unknown as string;
  const cipher = createCipheriv('sm4-ecb', Buffer.from(keyHex, 'hex'), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('hex');
}

export function sm4DecryptHex(cipherHex: string, keyHex: string): string {
  if (!NATIVE_SM4) return sm4.decrypt(cipherHex, keyHex) as unknown as string;
  const decipher = createDecipheriv('sm4-ecb', Buffer.from(keyHex, 'hex'), null);
  return Buffer.concat([decipher.update(Buffer.from(cipherHex, 'hex')), decipher.final()]).toString('utf8');
}

export function randomSm4Key(): string {
  return randomBytes(16).toString('hex');
}

export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');
export const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex');

/** Shaanxi's AES key: the first 16 bytes of SHA1(SHA1(secret)) (the digest of the raw digest). */
export function shaanxiAesKey(secret: string): Buffer {
  const inner = createHash('sha1').update(secret, 'utf8').digest();
  return createHash('sha1').update(inner).digest().subarray(0, 16);
}

/** The configured IV: 32 hex digits, else its first 16 UTF-8 bytes (right-padded with zeros). */
export function aesIvBytes(iv: string): Buffer {
  if (/^[0-9a-f]{32}$/i.test(iv)) return Buffer.from(iv, 'hex');
  const bytes = Buffer.alloc(16);
  Buffer.from(iv, 'utf8').copy(bytes, 0, 0, 16);
  return bytes;
}

/** AES-128-CBC with PKCS#7 padding, hex out. */
export function aesCbcEncryptHex(plain: string, key: Buffer, iv: Buffer): string {
  const cipher = createCipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('hex');
}

export function aesCbcDecryptHex(cipherHex: string, key: Buffer, iv: Buffer): string {
  const decipher = createDecipheriv('aes-128-cbc', key, iv);
  return Buffer.concat([decipher.update(Buffer.from(cipherHex, 'hex')), decipher.final()]).toString('utf8');
}

/** Shaanxi's request signature: md5(sha1(key + "actionType=…&data=…&userId=…" + key)), lower-case hex. */
export function shaanxiSign(
  key: string,
  params: { actionType: string; data: string; userId: string },
): string {
  const text = `actionType=${params.actionType}&data=${params.data}&userId=${params.userId}`;
  return md5Hex(sha1Hex(key + text + key));
}
