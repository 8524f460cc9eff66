import { createHash } from 'node:crypto';
import { AUTH_MSG, MSG } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OidcProviderConfig } from '../../../config.ts';
import { randomToken } from '../../../platform/auth/crypto.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysThirdAccount } from '../authSchema.ts';
import { findUserById } from '../user/service.ts';
import { type SignInDoor, usersByPhone } from './loginFlow.ts';
import { consumeTicket, issueTicket, parseTicketData } from './tickets.ts';

const STATE_TTL_MS = 10 * 60_000;
const CODE_TTL_MS = 2 * 60_000;

interface StateData {
  provider: string;
  verifier: string;
  nonce: string;
  /** SHA-256 of the cookie set in the browser that started the sign-in. */
  browser: string;
}

/**
 * Ties a state to the browser that asked for it: without this, a state an attacker started could be
 * completed in a victim's browser and sign the victim in as the attacker (login CSRF).
 */
const BINDING_COOKIE = 'oidc_binding';

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=') || null;
  }
  return null;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

interface Claims {
  sub?: string;
  nonce?: string;
  phone_number?: string;
  phone_number_verified?: boolean;
  mobile?: string;
}

const base64url = (buf: Buffer) => buf.toString('base64url');

/** +86 138… and 138… are the same mainland number. */
function localMobile(value: string | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '').replace(/^(\+?86)/, '');
  return /^1[3-9]\d{9}$/.test(digits) ? digits : null;
}

/**
 * The claims of an id_token, unverified. Acceptable only because the token comes straight from the
 * provider's token endpoint over TLS, authenticated by our client secret (OIDC Core 3.1.3.7).
 */
function idTokenClaims(idToken: string | undefined): Claims {
  const payload = idToken?.split('.')[1];
  if (!payload) return {};
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Claims;
  } catch {
    return {};
  }
}

async function exchange(
  p: OidcProviderConfig,
  code: string,
  verifier: string,
  nonce: string,
): Promise<Claims> {
  const tokenRes = await fetch(p.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: p.redirectUri,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(5_000),
  });
  const tokens = (await tokenRes.json().catch(() => ({}))) as { access_token?: string; id_token?: string };
  if (!tokenRes.ok || !tokens.access_token) throw new Error(`token endpoint answered ${tokenRes.status}`);
  const fromIdToken = idTokenClaims(tokens.id_token);
  if (tokens.id_token && fromIdToken.nonce !== nonce) throw new Error('id_token nonce mismatch');
  if (!p.userinfoUrl) return fromIdToken;
  const infoRes = await fetch(p.userinfoUrl, {
    headers: { authorization: `Bearer ${tokens.access_token}`, accept: 'application/json' },
    signal: AbortSignal.timeout(5_000),
  });
  if (!infoRes.ok) throw new Error(`userinfo answered ${infoRes.status}`);
  const info = (await infoRes.json()) as Claims;
  // The userinfo subject must be the id_token's (OIDC Core 5.3.2), else a substituted response.
  if (fromIdToken.sub && info.sub !== fromIdToken.sub) throw new Error('userinfo sub mismatch');
  return info;
}

export function oidcRoutes({ app, ctx, flow, rateLimit }: SignInDoor): void {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const providerOf = (name: string) => config.oidcProviders.find((p) => p.provider === name);
  const providerParams = z.object({ provider: z.string().min(1).max(32) });
  const backToLogin = (reply: FastifyReply, query: Record<string, string>) =>
    reply.redirect(`${config.consoleLoginPath}?${new URLSearchParams(query)}`, 302);

  r.get(
    '/thirdLogin/render/:provider',
    { config: { access: 'public', audit: false, rateLimit }, schema: { params: providerParams } },
    async (request, reply) => {
      const p = providerOf(request.params.provider);
      if (!p) throw bizError(AUTH_MSG.thirdUnknownProvider);
      const verifier = randomToken(48);
      const nonce = randomToken(16);
      const binding = randomToken(24);
      const data: StateData = { provider: p.provider, verifier, nonce, browser: sha256(binding) };
      const state = await issueTicket(db, 'oidc_state', { ttlMs: STATE_TTL_MS, data });
      const secure = new URL(p.redirectUri).protocol === 'https:' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${BINDING_COOKIE}=${binding}; Path=${config.basePath}/thirdLogin/callback; Max-Age=${STATE_TTL_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
      );
      const url = new URL(p.authorizeUrl);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: p.clientId,
        redirect_uri: p.redirectUri,
        scope: p.scope,
        state,
        nonce,
        code_challenge: base64url(createHash('sha256').update(verifier).digest()),
        code_challenge_method: 'S256',
      }))
        url.searchParams.set(k, v);
      return reply.redirect(url.toString(), 302);
    },
  );

  r.get(
    '/thirdLogin/callback/:provider',
    {
      config: { access: 'public', audit: false, rateLimit },
      schema: {
        params: providerParams,
        querystring: z.object({
          code: z.string().max(2000).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const p = providerOf(request.params.provider);
      const log = flow.logFor(request, `third:${request.params.provider}`);
      const fail = async (message: string, detail: string) => {
        await log(false, `第三方登录失败：${detail}`);
        return backToLogin(reply, { thirdError: message });
      };
      const stateRow = request.query.state
        ? await consumeTicket(db, 'oidc_state', request.query.state)
        : null;
      const state = stateRow ? parseTicketData<StateData>(stateRow) : null;
      const binding = cookieValue(request.headers.cookie, BINDING_COOKIE);
      reply.header(
        'set-cookie',
        `${BINDING_COOKIE}=; Path=${config.basePath}/thirdLogin/callback; Max-Age=0`,
      );
      if (!p || !state || state.provider !== p.provider)
        return fail(AUTH_MSG.thirdStateInvalid, 'state 无效');
      if (!binding || sha256(binding) !== state.browser)
        return fail(AUTH_MSG.thirdStateInvalid, 'state 不属于此浏览器');
      if (!request.query.code) return fail(AUTH_MSG.thirdFailed, `授权被拒绝 ${request.query.error ?? ''}`);
      let claims: Claims;
      try {
        claims = await exchange(p, request.query.code, state.verifier, state.nonce);
      } catch (error) {
        request.log.warn({ err: error, provider: p.provider }, 'oidc exchange failed');
        return fail(AUTH_MSG.thirdFailed, '换取令牌失败');
      }
      if (!claims.sub) return fail(AUTH_MSG.thirdFailed, '缺少用户标识');
      const subject = String(claims.sub);
      const [bound] = await db
        .select()
        .from(sysThirdAccount)
        .where(and(eq(sysThirdAccount.provider, p.provider), eq(sysThirdAccount.subject, subject)))
        .limit(1);
      let user = bound ? await findUserById(db, bound.userId) : undefined;
      if (!bound) {
        // First sign-in: bind to the one staff account with the provider-verified mobile; staff are
        // never created from a third-party identity.
        const mobile =
          claims.phone_number_verified === false ? null : localMobile(claims.phone_number ?? claims.mobile);
        const matches = mobile ? await usersByPhone(ctx, mobile) : [];
        if (matches.length !== 1) return fail(AUTH_MSG.thirdNotBound, '未绑定平台用户');
        user = matches[0];
        await db
          .insert(sysThirdAccount)
          .values({ provider: p.provider, subject, userId: user.id, createBy: 'system' });
      }
      if (user?.delFlag !== 0) return fail(AUTH_MSG.thirdNotBound, '绑定的用户不存在');
      try {
        await flow.assertCanLogin(user, log);
      } catch (error) {
        return backToLogin(reply, { thirdError: (error as Error).message });
      }
      const code = await issueTicket(db, 'third_code', { userId: user.id, ttlMs: CODE_TTL_MS });
      return backToLogin(reply, { thirdCode: code });
    },
  );

  r.get(
    '/thirdLogin/getLoginUser/:token',
    {
      config: { access: 'public', audit: false, rateLimit },
      schema: { params: z.object({ token: z.string().min(1).max(100) }) },
    },
    async (request) => {
      const row = await consumeTicket(db, 'third_code', request.params.token);
      const user = row?.userId ? await findUserById(db, row.userId) : undefined;
      const log = flow.logFor(request, user?.username ?? '-');
      if (user?.delFlag !== 0) {
        await log(false, '第三方登录失败：登录凭证无效');
        throw bizError(AUTH_MSG.thirdCodeInvalid);
      }
      await flow.assertCanLogin(user, log);
      const result = await flow.completeLogin(request, user);
      await log(true, `用户名: ${user.username},第三方登录成功！`, user.id);
      return ok(result, MSG.loginOk);
    },
  );
}
