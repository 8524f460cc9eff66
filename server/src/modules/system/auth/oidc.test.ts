import { createHash } from 'node:crypto';
import { AUTH_MSG } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeServer } from '../../../test/authKit.ts';
import { api, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sysThirdAccount } from '../authSchema.ts';

interface Grant {
  sub: string;
  phone?: string;
  challenge: string;
  nonce: string;
}

describe('third-party login (OIDC)', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof fakeServer>>;
  // code -> what the user approved at the provider
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Grant>();
  beforeAll(async () => {
    idp = await fakeServer((req, res, body) => {
      const url = new URL(req.url ?? '/', 'http://x');
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/token' && req.method === 'POST') {
        const form = new URLSearchParams(body);
        const grant = grants.get(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const pkceOk = grant && createHash('sha256').update(verifier).digest('base64url') === grant.challenge;
        if (!grant || !pkceOk || form.get('client_secret') !== 'shh' || form.get('client_id') !== 'console') {
          res.statusCode = 400;
          return res.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        grants.delete(form.get('code') ?? '');
        const access = `at-${grant.sub}-${Math.random()}`;
        tokens.set(access, grant);
        const idToken = [
          'e30',
          Buffer.from(JSON.stringify({ sub: grant.sub, nonce: grant.nonce })).toString('base64url'),
          'sig',
        ].join('.');
        return res.end(JSON.stringify({ access_token: access, token_type: 'Bearer', id_token: idToken }));
      }
      if (url.pathname === '/userinfo') {
        const grant = tokens.get((req.headers.authorization ?? '').replace('Bearer ', ''));
        if (!grant) {
          res.statusCode = 401;
          return res.end('{}');
        }
        return res.end(
          JSON.stringify({ sub: grant.sub, phone_number: grant.phone, phone_number_verified: true }),
        );
      }
      res.statusCode = 404;
      res.end('{}');
    });
    t = await startTestApp({
      oidcProviders: [
        {
          provider: 'wework',
          name: '企业微信',
          authorizeUrl: `${idp.url}/authorize`,
          tokenUrl: `${idp.url}/token`,
          userinfoUrl: `${idp.url}/userinfo`,
          clientId: 'console',
          clientSecret: 'shh',
          redirectUri: 'https://console.example/jeecg-boot/thirdLogin/callback/wework',
          scope: 'openid phone',
        },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await idp.close();
  });

  /** Plays the browser and the provider: render, "approve" as `sub`, come back to the callback. */
  async function signIn(
    sub: string,
    phone?: string,
    tamper?: (state: string) => string,
    browserCookie?: (own: string) => string,
  ) {
    const render = await t.call(null, { method: 'GET', url: api('/thirdLogin/render/wework') });
    expect(render.statusCode).toBe(302);
    const setCookie = String(render.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^oidc_binding=[\w-]+; Path=\/jeecg-boot\/thirdLogin\/callback;.*HttpOnly; SameSite=Lax/,
    );
    const own = setCookie.split(';')[0];
    const authorize = new URL(render.headers.location as string);
    expect(authorize.origin + authorize.pathname).toBe(`${idp.url}/authorize`);
    const q = authorize.searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('client_id')).toBe('console');
    const code = `code-${Math.random()}`;
    grants.set(code, { sub, phone, challenge: q.get('code_challenge') ?? '', nonce: q.get('nonce') ?? '' });
    const state = tamper ? tamper(q.get('state') ?? '') : (q.get('state') ?? '');
    const back = await t.call(null, {
      method: 'GET',
      url: api(
        `/thirdLogin/callback/wework?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      ),
      headers: { cookie: browserCookie ? browserCookie(own) : own },
    });
    expect(back.statusCode).toBe(302);
    return new URL(back.headers.location as string, 'https://console.example');
  }

  it('binds by verified mobile on first sign-in, then exchanges the one-time code once for the LoginResult', async () => {
    const landing = await signIn('wx-001', '+86 138 5123 4567');
    expect(landing.pathname).toBe('/user/login');
    const thirdCode = landing.searchParams.get('thirdCode') ?? '';
    expect(thirdCode).not.toBe('');
    const body = (
      await t.call(null, { method: 'GET', url: api(`/thirdLogin/getLoginUser/${thirdCode}`) })
    ).json();
    expect(body).toMatchObject({
      success: true,
      code: 200,
      result: { userInfo: { username: 'shipper_admin' }, userType: 6 },
    });
    const again = (
      await t.call(null, { method: 'GET', url: api(`/thirdLogin/getLoginUser/${thirdCode}`) })
    ).json();
    expect(again).toMatchObject({ success: false, message: AUTH_MSG.thirdCodeInvalid });
    const bindings = await t.db.select().from(sysThirdAccount);
    expect(bindings).toMatchObject([{ provider: 'wework', subject: 'wx-001' }]);
  });

  it('finds the bound user on later sign-ins even without a mobile', async () => {
    const landing = await signIn('wx-001');
    const code = landing.searchParams.get('thirdCode') ?? '';
    const body = (await t.call(null, { method: 'GET', url: api(`/thirdLogin/getLoginUser/${code}`) })).json();
    expect(body.result.userInfo.username).toBe('shipper_admin');
  });

  it('refuses an identity that matches no user, never creating staff', async () => {
    const landing = await signIn('wx-404', '13000000000');
    expect(landing.searchParams.get('thirdCode')).toBeNull();
    expect(landing.searchParams.get('thirdError')).toBe(AUTH_MSG.thirdNotBound);
  });

  it('refuses a state mismatch and a replayed state', async () => {
    const forged = await signIn('wx-001', undefined, () => 'forged-state');
    expect(forged.searchParams.get('thirdError')).toBe(AUTH_MSG.thirdStateInvalid);
    let used = '';
    await signIn('wx-001', undefined, (s) => {
      used = s;
      return s;
    });
    const replay = await t.call(null, {
      method: 'GET',
      url: api(`/thirdLogin/callback/wework?code=whatever&state=${encodeURIComponent(used)}`),
    });
    expect(new URL(replay.headers.location as string, 'https://x').searchParams.get('thirdError')).toBe(
      AUTH_MSG.thirdStateInvalid,
    );
  });

  it('refuses a state completed in another browser than the one that started it (login CSRF)', async () => {
    // The attacker starts a sign-in and lures the victim's browser (without the binding cookie) to finish it.
    const victim = await signIn('wx-001', undefined, undefined, () => '');
    expect(victim.searchParams.get('thirdCode')).toBeNull();
    expect(victim.searchParams.get('thirdError')).toBe(AUTH_MSG.thirdStateInvalid);
    const otherBrowser = await signIn('wx-001', undefined, undefined, () => 'oidc_binding=someone-else');
    expect(otherBrowser.searchParams.get('thirdError')).toBe(AUTH_MSG.thirdStateInvalid);
  });

  it('refuses an unknown provider and lists the configured one', async () => {
    const res = await t.call(null, { method: 'GET', url: api('/thirdLogin/render/github') });
    expect(res.json()).toMatchObject({ success: false, message: AUTH_MSG.thirdUnknownProvider });
    const options = (await t.call(null, { method: 'GET', url: api('/sys/loginOptions') })).json().result;
    expect(options.third).toEqual([{ provider: 'wework', name: '企业微信' }]);
    expect(JSON.stringify(options)).not.toContain('shh');
  });
});
