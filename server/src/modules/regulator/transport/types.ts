import type { ReportFieldError, ReportType, ReportVariant } from '@freight/contracts';
import type { AnyMessage, PlatformIdentity } from '../messages/types.ts';
import type { TagCase, WireFormat } from './codec.ts';
import type { Sm2CipherMode } from './crypto.ts';

/** A channel with its secrets decrypted: lives in memory only, never logged, stored or answered. */
export interface ChannelSettings {
  id: string;
  variant: ReportVariant;
  baseUrl: string;
  loginPath: string | null;
  sendPath: string | null;
  account: string;
  /** Our sender code at the province (the account when not set). */
  senderCode: string;
  provinceCode: string;
  password: string;
  sm2PublicKey: string;
  sm2CipherMode: Sm2CipherMode;
  aesSecret: string;
  aesIv: string;
  format: WireFormat;
  tagCase: TagCase;
  successCodes: string[];
  codeMap: Record<string, string> | null;
  platform: PlatformIdentity;
  /** Changes when the channel is edited: cached tokens of an older version are dropped. */
  version: string;
}

export interface Outgoing {
  type: ReportType;
  content: AnyMessage;
  /** GUID (≤ 35) unique per request; a resend takes a new one. */
  referenceNumber: string;
  sendTime: Date;
}

/**
 * What an answer means for the outbox: accepted; token expired (log in again, resend); duplicate reference
 * (new GUID, resend); invalid (field validation: wait for correction); retry (network, queue, server: back
 * off); rejected (envelope, keys, signature, credentials: wait for the channel to be fixed).
 */
export type Verdict = 'accepted' | 'tokenExpired' | 'duplicateReference' | 'invalid' | 'retry' | 'rejected';

export interface Answer {
  verdict: Verdict;
  code: string;
  message: string;
  /** What was sent, without token, keys or ciphertext. */
  request: unknown;
  response: unknown;
  fieldErrors?: ReportFieldError[];
}

export interface LoginAnswer {
  ok: boolean;
  token?: string;
  /** Epoch ms. */
  expiresAt?: number;
  /** Extra identity some variants return with the token (Shaanxi's userId). */
  userId?: string;
  code: string;
  message: string;
  response: unknown;
  /** The failure is the network's or the server's (retry), not the credentials'. */
  transient?: boolean;
}

export interface Session {
  token: string;
  expiresAt: number;
  userId?: string;
}

/** One provincial variant's protocol. */
export interface ReportAdapter {
  login(channel: ChannelSettings): Promise<LoginAnswer>;
  send(channel: ChannelSettings, out: Outgoing, session: Session): Promise<Answer>;
}
