import { randomUUID } from 'node:crypto';
import type { ReportVariant } from '@freight/contracts';
import { applyTokenAdapter } from './applyToken.ts';
import { fujianAdapter } from './fujian.ts';
import { NetworkError } from './http.ts';
import { shaanxiAdapter } from './shaanxi.ts';
import type { Answer, ChannelSettings, LoginAnswer, Outgoing, ReportAdapter, Session } from './types.ts';

// Delivers one message over its channel's adapter: the channel's token is cached until it expires (or the
// channel changes) and refreshed once when the province answers "token expired"; a duplicate reference
// number is answered with a new GUID. Everything else is the outbox's to decide.

export const ADAPTERS: Record<ReportVariant, ReportAdapter> = {
  fujian: fujianAdapter,
  tianjin: applyTokenAdapter('tianjin'),
  gansu: applyTokenAdapter('gansu'),
  shaanxi: shaanxiAdapter,
};

/** A message reference number: a GUID without dashes (32 ≤ 35 characters), new for every request. */
export const newReferenceNumber = () => randomUUID().replaceAll('-', '').toUpperCase();

/** Margin before a token's announced expiry at which it is renewed instead of used. */
const EXPIRY_MARGIN_MS = 60_000;

export interface Delivery extends Answer {
  /** HTTP requests made, logins included. */
  calls: number;
  referenceNumber: string;
}

interface CachedSession extends Session {
  version: string;
}

export class ReportClient {
  private readonly sessions = new Map<string, CachedSession>();
  private readonly logins = new Map<string, Promise<LoginAnswer>>();

  /** Logs in (the "test connection" button): the province's answer, never the token. */
  async testConnection(channel: ChannelSettings): Promise<LoginAnswer> {
    try {
      const answer = await ADAPTERS[channel.variant].login(channel);
      if (answer.ok && answer.token)
        this.sessions.set(channel.id, {
          token: answer.token,
          expiresAt: answer.expiresAt ?? Date.now(),
          userId: answer.userId,
          version: channel.version,
        });
      return answer;
    } catch (error) {
      const network = error instanceof NetworkError;
      return {
        ok: false,
        code: network ? error.code : 'ERROR',
        message: (error as Error).message,
        response: null,
        transient: network,
      };
    }
  }

  dropSession(channelId: string): void {
    this.sessions.delete(channelId);
  }

  /** The cached session, or one login shared by every concurrent sender of the channel. */
  private async session(channel: ChannelSettings, renew: boolean): Promise<Session | LoginAnswer> {
    const cached = this.sessions.get(channel.id);
    if (
      !renew &&
      cached &&
      cached.version === channel.version &&
      cached.expiresAt - EXPIRY_MARGIN_MS > Date.now()
    )
      return cached;
    if (renew) this.sessions.delete(channel.id);
    let pending = this.logins.get(channel.id);
    if (!pending) {
      pending = ADAPTERS[channel.variant].login(channel).finally(() => this.logins.delete(channel.id));
      this.logins.set(channel.id, pending);
    }
    const answer = await pending;
    if (!answer.ok || !answer.token) return answer;
    const session: CachedSession = {
      token: answer.token,
      expiresAt: answer.expiresAt ?? Date.now() + 3_600_000,
      userId: answer.userId,
      version: channel.version,
    };
    this.sessions.set(channel.id, session);
    return session;
  }

  async deliver(channel: ChannelSettings, message: Omit<Outgoing, 'referenceNumber'>): Promise<Delivery> {
    let out: Outgoing = { ...message, referenceNumber: newReferenceNumber() };
    let calls = 0;
    const request = { type: out.type, content: out.content };
    try {
      let renewed = false;
      let renumbered = false;
      let session = await this.session(channel, false);
      for (;;) {
        if ('ok' in session) {
          calls++;
          return {
            verdict: session.transient ? 'retry' : 'rejected',
            code: session.code || 'LOGIN',
            message: `登录上报通道失败：${session.message || session.code}`,
            request,
            response: session.response,
            calls,
            referenceNumber: out.referenceNumber,
          };
        }
        calls++;
        const answer = await ADAPTERS[channel.variant].send(channel, out, session);
        if (answer.verdict === 'tokenExpired' && !renewed) {
          renewed = true;
          calls++;
          session = await this.session(channel, true);
          out = { ...out, referenceNumber: newReferenceNumber() };
          continue;
        }
        if (answer.verdict === 'duplicateReference' && !renumbered) {
          renumbered = true;
          out = { ...out, referenceNumber: newReferenceNumber() };
          continue;
        }
        if (answer.verdict === 'tokenExpired') this.sessions.delete(channel.id);
        const verdict =
          answer.verdict === 'tokenExpired' || answer.verdict === 'duplicateReference'
            ? 'retry'
            : answer.verdict;
        return { ...answer, verdict, calls, referenceNumber: out.referenceNumber };
      }
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      return {
        verdict: 'retry',
        code: error.code,
        message: error.message,
        request,
        response: null,
        calls: Math.max(calls, 1),
        referenceNumber: out.referenceNumber,
      };
    }
  }
}
