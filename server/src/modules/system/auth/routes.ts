import { loginBody, MSG, type RememberedLoginResult } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeLoginLog } from '../../../platform/audit/operationLog.ts';
import { issueCaptcha } from '../../../platform/auth/captcha.ts';
import { revokeToken, tokenOf } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import type { DictCache } from '../dict/cache.ts';
import { loginFlow } from './loginFlow.ts';
import { passwordChangeAnswer } from './passwordLogins.ts';
import { revokeRememberChain, startRememberChain } from './remember.ts';
import { consumeTicket } from './tickets.ts';

export function authRoutes(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const loginLimit = { max: config.loginRateLimitPerMinute, timeWindow: 60_000 };
  const flow = loginFlow(ctx, dicts);

  r.get(
    '/sys/randomImage/:key',
    {
      config: {
        access: 'public',
        rateLimit: { max: config.loginRateLimitPerMinute * 2, timeWindow: 60_000 },
      },
      schema: { params: z.object({ key: z.string().min(1).max(64) }) },
    },
    async (request) => {
      const { image } = await issueCaptcha(db, request.params.key, config.captchaTtlMs);
      return ok(image);
    },
  );

  r.post(
    '/sys/login',
    { config: { access: 'public', audit: false, rateLimit: loginLimit }, schema: { body: loginBody } },
    async (request) => {
      const { username, remember_me: rememberMe } = request.body;
      const log = flow.logFor(request, username);
      const user = await flow.checkPassword(request.body, request, log);
      // Like every password sign-in: a password that must be changed gets the change token, no session.
      const change = await passwordChangeAnswer(ctx, user, log);
      if (change) return change;
      const result: RememberedLoginResult = await flow.completeLogin(request, user);
      if (rememberMe)
        result.rememberKey = await startRememberChain(db, user.id, result.token, config.tokenTtlMs);
      await log(true, `用户名: ${username},登录成功！`, user.id);
      return ok(result, MSG.loginOk);
    },
  );

  r.post('/sys/logout', { config: { access: 'public', audit: false } }, async (request) => {
    const token = tokenOf(request);
    if (!token) throw bizError('退出登录失败！');
    // The device forgets its remember-me key at logout; the server ends that key's chain with it.
    const rememberKey = (request.body as { rememberKey?: unknown } | undefined)?.rememberKey;
    if (typeof rememberKey === 'string' && rememberKey.length > 0 && rememberKey.length <= 100)
      await revokeRememberChain(db, rememberKey);
    let casLogoutUrl: string | null = null;
    if (request.session) {
      // A session that came from CAS ends there too: the console sends the browser to this URL.
      if (config.casServerUrl && (await consumeTicket(db, 'cas_session', token)))
        casLogoutUrl = `${config.casServerUrl}/logout`;
      await revokeToken(db, token);
      await writeLoginLog(db, {
        username: request.session.user.username,
        userId: request.session.user.id,
        ip: request.ip,
        success: true,
        content: `用户名: ${request.session.user.username},退出成功！`,
        url: request.url,
      });
    }
    return ok(casLogoutUrl ? { casLogoutUrl } : null, MSG.logoutOk);
  });
}
