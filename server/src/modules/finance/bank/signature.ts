import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { BankNotice, SignedCallback } from './adapter.ts';

/** The text a callback's signature covers: channel, timestamp, nonce and the notices, in a fixed order. */
function signedText(callback: Omit<SignedCallback, 'sign'>): string {
  return [callback.channel, callback.timestamp, callback.nonce, JSON.stringify(callback.notices)].join('\n');
}

export function signCallback(secret: string, channel: string, notices: BankNotice[]): SignedCallback {
  const unsigned = {
    channel,
    timestamp: new Date().toISOString(),
    nonce: randomBytes(8).toString('hex'),
    notices,
  };
  return { ...unsigned, sign: createHmac('sha256', secret).update(signedText(unsigned)).digest('hex') };
}

/** HMAC-SHA256 checked in constant time; anything malformed is simply not verified. */
export function verifySignature(secret: string, body: unknown): body is SignedCallback {
  if (!body || typeof body !== 'object') return false;
  const b = body as Partial<SignedCallback>;
  if (
    typeof b.channel !== 'string' ||
    typeof b.timestamp !== 'string' ||
    typeof b.nonce !== 'string' ||
    typeof b.sign !== 'string' ||
    !Array.isArray(b.notices)
  )
    return false;
  const expected = createHmac('sha256', secret)
    .update(signedText(b as SignedCallback))
    .digest();
  const given = Buffer.from(b.sign, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
