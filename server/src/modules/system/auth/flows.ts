import type { LoginOptions } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import type { DictCache } from '../dict/cache.ts';
import { casRoutes } from './cas.ts';
import { loginFlow, type SignInDoor } from './loginFlow.ts';
import { messageRoutes } from './messageRoutes.ts';
import { oidcRoutes } from './oidc.ts';
import { passwordLoginRoutes } from './passwordLogins.ts';
import { phoneLoginRoutes } from './phoneLogin.ts';
import { registerRoutes } from './register.ts';
import { rememberRoutes } from './remember.ts';
import { smsRoutes } from './sms.ts';

/** Every sign-in door besides /sys/login, all under the same per-IP limit as /sys/login. */
export function authFlowRoutes(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  const limit = { max: ctx.config.loginRateLimitPerMinute, timeWindow: 60_000 };
  const door: SignInDoor = { app, ctx, flow: loginFlow(ctx, dicts), rateLimit: limit };
  smsRoutes(app, ctx, limit);
  phoneLoginRoutes(door);
  passwordLoginRoutes(door);
  rememberRoutes(door);
  casRoutes(door);
  oidcRoutes(door);
  registerRoutes(app, ctx, limit);
  messageRoutes(app, ctx);

  /** Which extra sign-in ways the login page offers; nothing secret (client secrets stay here). */
  app.get('/sys/loginOptions', { config: { access: 'public' } }, async () => {
    const options: LoginOptions = {
      captcha: ctx.config.loginCaptcha,
      cas: ctx.config.casServerUrl ? { loginUrl: `${ctx.config.casServerUrl}/login` } : null,
      third: ctx.config.oidcProviders.map((p) => ({ provider: p.provider, name: p.name })),
    };
    return ok(options);
  });
}
