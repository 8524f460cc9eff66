import { AUTH_MSG, MSG } from '@freight/contracts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { findActiveUser } from '../user/service.ts';
import type { SignInDoor } from './loginFlow.ts';
import { issueTicket, recordOnce } from './tickets.ts';

/** CAS tickets are single use at the server too; remembering them a day outlives any ticket's life. */
const USED_TICKET_TTL_MS = 24 * 3_600_000;

const decodeXml = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The user of a CAS 3 serviceValidate answer, JSON (format=JSON) or the XML form; null on failure. */
export function parseCasResponse(body: string): string | null {
  const text = body.trim();
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { serviceResponse?: { authenticationSuccess?: { user?: unknown } } };
      const user = parsed.serviceResponse?.authenticationSuccess?.user;
      return typeof user === 'string' && user.trim() ? user.trim() : null;
    } catch {
      return null;
    }
  }
  if (!/<cas:authenticationSuccess[\s>]/.test(text)) return null;
  const match = /<cas:user>\s*([^<]+?)\s*<\/cas:user>/.exec(text);
  return match ? decodeXml(match[1]) : null;
}

export function casRoutes({ app, ctx, flow, rateLimit }: SignInDoor): void {
  const { db, config } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/cas/client/validateLogin',
    {
      config: { access: 'public', audit: false, rateLimit },
      schema: {
        querystring: z.object({
          ticket: z.string().trim().min(1, AUTH_MSG.casTicketInvalid).max(256),
          service: z.string().trim().min(1, '缺少service参数').max(1000),
        }),
      },
    },
    async (request) => {
      if (!config.casServerUrl) throw bizError(AUTH_MSG.casDisabled);
      const { ticket, service } = request.query;
      const log = flow.logFor(request, '-');
      // Recorded before validation: a replayed ticket is refused without asking CAS again.
      if (!(await recordOnce(db, 'cas_ticket', ticket, USED_TICKET_TTL_MS))) {
        await log(false, '单点登录失败：票据重复使用');
        throw bizError(AUTH_MSG.casTicketInvalid);
      }
      const url = new URL(`${config.casServerUrl}/p3/serviceValidate`);
      url.search = new URLSearchParams({ ticket, service, format: 'JSON' }).toString();
      let body: string;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
        body = await res.text();
      } catch (error) {
        request.log.error({ err: error }, 'CAS server unreachable');
        throw bizError(AUTH_MSG.casUnavailable);
      }
      const casUser = parseCasResponse(body);
      if (!casUser) {
        await log(false, '单点登录失败：票据无效');
        throw bizError(AUTH_MSG.casTicketInvalid);
      }
      const user = await findActiveUser(db, casUser);
      const userLog = flow.logFor(request, casUser);
      if (!user) {
        await userLog(false, '单点登录失败：本平台无此用户');
        throw bizError(AUTH_MSG.casNoLocalUser);
      }
      await flow.assertCanLogin(user, userLog);
      const result = await flow.completeLogin(request, user);
      // Remembered so that logout can also end the CAS session.
      await issueTicket(db, 'cas_session', {
        userId: user.id,
        secret: result.token,
        ttlMs: config.tokenTtlMs,
      });
      await userLog(true, `用户名: ${user.username},单点登录成功！`, user.id);
      return ok(result, MSG.loginOk);
    },
  );
}
