// Single sign-on (CAS) and third-party (OIDC) sign-in in the browser. The suite's server has
// neither configured, so this spec starts its own on the suite's port + 3 (demo accounts, no captcha) with
// both pointing at a fake CAS server and a fake OIDC provider that run in this test process on port + 5.
// One server serves both flows: with CAS on, /user/login goes to CAS unless it arrives with a ticket, a
// third-party code or error, or with ?local=1. Desktop only (the mobile project matches auth-*.spec.ts).
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { AUTH_MSG } from '@freight/contracts';
import type { Page } from '@playwright/test';
import { API_BASE, HOME_PATH, LOGGED_OUT, PORT, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { spawnOwnServer } from '../support/ownServer.ts';

const APP_PORT = PORT + 3;
const IDP_PORT = PORT + 5;
const APP = `http://127.0.0.1:${APP_PORT}`;
const IDP = `http://127.0.0.1:${IDP_PORT}`;
const CAS_BASE = `${IDP}/cas`;
const LOGIN_URL = `${APP}/user/login`;
const OIDC = { provider: 'wework', name: '企业微信', clientId: 'freight-console', secret: 'e2e-secret' };
const REDIRECT_URI = `${APP}${API_BASE}/thirdLogin/callback/${OIDC.provider}`;

/** Seed users the fake identities map to (server/src/seed/seed.ts). */
const ADMIN_NAME = '平台管理员';
const SHIPPER_ADMIN = { name: '王建国', mobile: '+86 138 5123 4567' };

// ---- the fake CAS server and OIDC provider ----------------------------------------------------------

interface CasTicket {
  user: string;
  service: string;
  used: boolean;
}
interface OidcGrant {
  sub: string;
  phone: string;
  challenge: string;
  nonce: string;
  redirectUri: string;
}

/** What the fake servers saw, for the assertions. */
const seen = { casLogins: 0, casValidations: 0, casLogouts: [] as string[], tokens: 0, userinfos: 0 };
const casTickets = new Map<string, CasTicket>();
const oidcCodes = new Map<string, OidcGrant>();
const accessTokens = new Map<string, OidcGrant>();

const esc = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const token = (prefix: string) => `${prefix}-${randomBytes(12).toString('hex')}`;

function html(res: ServerResponse, title: string, body: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="zh-CN"><head><title>${title}</title></head><body>${body}</body></html>`,
  );
}

function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

const withQuery = (url: string, query: Record<string, string>) =>
  `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query)}`;

const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');

function handleIdp(req: IncomingMessage, res: ServerResponse, body: string) {
  const url = new URL(req.url ?? '/', IDP);
  const q = url.searchParams;
  const form = new URLSearchParams(body);
  switch (`${req.method} ${url.pathname}`) {
    // CAS 3: the login page "signs in" whoever is typed and sends the browser back with a service ticket.
    case 'GET /cas/login':
      seen.casLogins += 1;
      return html(
        res,
        '统一认证中心',
        `<h1>统一认证中心</h1><form method="post" action="/cas/login">${hidden({ service: q.get('service') ?? '' })}
        <label>账号 <input name="username" data-testid="cas-username"></label>
        <button type="submit" data-testid="cas-submit">登录</button></form>`,
      );
    case 'POST /cas/login': {
      const service = form.get('service') ?? '';
      const ticket = token('ST');
      casTickets.set(ticket, { user: form.get('username') ?? '', service, used: false });
      return redirect(res, withQuery(service, { ticket }));
    }
    case 'GET /cas/p3/serviceValidate': {
      seen.casValidations += 1;
      const ticket = casTickets.get(q.get('ticket') ?? '');
      // A CAS ticket is good once, for the service it was issued to.
      if (!ticket || ticket.used || ticket.service !== q.get('service')) {
        return json(res, {
          serviceResponse: {
            authenticationFailure: { code: 'INVALID_TICKET', description: 'not recognized' },
          },
        });
      }
      ticket.used = true;
      return json(res, { serviceResponse: { authenticationSuccess: { user: ticket.user, attributes: {} } } });
    }
    case 'GET /cas/logout': {
      const service = q.get('service') ?? '';
      seen.casLogouts.push(service);
      return html(
        res,
        '已退出',
        `<h1 data-testid="cas-logged-out">已退出统一认证</h1><a href="${esc(service)}" data-testid="cas-back">返回应用</a>`,
      );
    }
    // OIDC: the authorize page approves (or denies) as whoever the test types in.
    case 'GET /oidc/authorize': {
      const ok =
        q.get('response_type') === 'code' &&
        q.get('client_id') === OIDC.clientId &&
        q.get('redirect_uri') === REDIRECT_URI &&
        q.get('code_challenge_method') === 'S256' &&
        Boolean(q.get('state') && q.get('nonce') && q.get('code_challenge'));
      if (!ok) return html(res, '错误', '<h1 data-testid="idp-error">invalid_request</h1>', 400);
      const keep = hidden(Object.fromEntries(q));
      return html(
        res,
        '授权登录',
        `<h1>企业微信授权登录</h1>
        <form method="post" action="/oidc/authorize">${keep}
        <label>用户标识 <input name="sub" data-testid="idp-sub"></label>
        <label>手机号 <input name="phone" data-testid="idp-phone"></label>
        <button type="submit" name="decision" value="approve" data-testid="idp-approve">同意授权</button>
        <button type="submit" name="decision" value="deny" data-testid="idp-deny">拒绝</button></form>`,
      );
    }
    case 'POST /oidc/authorize': {
      const redirectUri = form.get('redirect_uri') ?? '';
      const state = form.get('state') ?? '';
      if (form.get('decision') !== 'approve')
        return redirect(res, withQuery(redirectUri, { error: 'access_denied', state }));
      const code = token('code');
      oidcCodes.set(code, {
        sub: form.get('sub') ?? '',
        phone: form.get('phone') ?? '',
        challenge: form.get('code_challenge') ?? '',
        nonce: form.get('nonce') ?? '',
        redirectUri,
      });
      return redirect(res, withQuery(redirectUri, { code, state }));
    }
    case 'POST /oidc/token': {
      seen.tokens += 1;
      const code = form.get('code') ?? '';
      const grant = oidcCodes.get(code);
      oidcCodes.delete(code);
      const pkce = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      if (
        !grant ||
        form.get('grant_type') !== 'authorization_code' ||
        form.get('client_id') !== OIDC.clientId ||
        form.get('client_secret') !== OIDC.secret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        pkce !== grant.challenge
      )
        return json(res, { error: 'invalid_grant' }, 400);
      const access = token('at');
      accessTokens.set(access, grant);
      const claims = Buffer.from(JSON.stringify({ sub: grant.sub, nonce: grant.nonce })).toString(
        'base64url',
      );
      return json(res, { access_token: access, token_type: 'Bearer', id_token: `e30.${claims}.sig` });
    }
    case 'GET /oidc/userinfo': {
      seen.userinfos += 1;
      const grant = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!grant) return json(res, { error: 'invalid_token' }, 401);
      return json(res, { sub: grant.sub, phone_number: grant.phone, phone_number_verified: true });
    }
    default:
      return html(res, 'not found', 'not found', 404);
  }
}

// ---- the app server ---------------------------------------------------------------------------------

let idp: Server | undefined;
let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'default' });

/** Nothing listens on the port (a connection is refused). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });

test.beforeAll(async () => {
  test.setTimeout(330_000);
  // A retry (or --repeat-each) in another worker waits for the servers of the previous one to be gone.
  await expect
    .poll(async () => (await portFree(IDP_PORT)) && (await portFree(APP_PORT)), {
      timeout: 60_000,
      intervals: [500],
    })
    .toBe(true);
  idp = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => handleIdp(req, res, body));
  });
  await new Promise<void>((resolve, reject) => {
    idp?.once('error', reject);
    idp?.listen(IDP_PORT, '127.0.0.1', resolve);
  });

  ({ child: server, dataDir } = spawnOwnServer(APP_PORT, 'sso', {
    LOGIN_CAPTCHA: 'false',
    SEED_DEMO: 'true',
    // The demo accounts and the smallest demo: this server's start must not compete with the suite's.
    DEMO_ORDERS: '14',
    CAS_SERVER_URL: CAS_BASE,
    OIDC_PROVIDER: OIDC.provider,
    OIDC_NAME: OIDC.name,
    OIDC_CLIENT_ID: OIDC.clientId,
    OIDC_CLIENT_SECRET: OIDC.secret,
    OIDC_AUTHORIZE_URL: `${IDP}/oidc/authorize`,
    OIDC_TOKEN_URL: `${IDP}/oidc/token`,
    OIDC_USERINFO_URL: `${IDP}/oidc/userinfo`,
    OIDC_REDIRECT_URI: REDIRECT_URI,
    OIDC_SCOPE: 'openid phone',
  }));
  await expect
    .poll(
      async () => {
        try {
          const res = await fetch(`${APP}${API_BASE}/sys/loginOptions`);
          const body = (await res.json()) as { result?: { cas?: unknown; third?: unknown[] } };
          return Boolean(body.result?.cas) && body.result?.third?.length === 1;
        } catch {
          return false;
        }
      },
      { timeout: 300_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(async () => {
  // The ports are free again when this returns (a retry in a new worker starts the same servers).
  const child = server;
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  await new Promise((resolve) => (idp ? idp.close(resolve) : resolve(undefined)));
  idp?.closeAllConnections();
  rmSync(dataDir, { recursive: true, force: true });
});

test.use({ storageState: LOGGED_OUT, baseURL: APP });

/**
 * The login form shows on /user/login with the address cleaned, and stays: the SSO button only appears once
 * the login options are in, after the page decided whether to go to CAS (that decision shows a spinner).
 */
async function expectFormStays(page: Page): Promise<void> {
  await expect(page.getByTestId('login-sso')).toBeVisible();
  await expect(page.getByTestId('login-username')).toBeVisible();
  await expect(page).toHaveURL(LOGIN_URL);
}

const casLoginPage = new RegExp(`^${CAS_BASE}/login\\?service=${encodeURIComponent(LOGIN_URL)}$`);

// ---- CAS ----------------------------------------------------------------------------------------------

test('CAS: the login page goes to CAS, the ticket signs in, logout ends the CAS session; a replayed ticket is refused', async ({
  page,
  shell,
  shot,
}) => {
  await page.goto('/user/login');
  await expect(page).toHaveURL(casLoginPage);
  await page.getByTestId('cas-username').fill(USERS.admin);
  const validated = page.waitForResponse((r) => r.url().includes('/cas/client/validateLogin'));
  await page.getByTestId('cas-submit').click();
  const answer = await validated;
  const ticket = new URL(answer.url()).searchParams.get('ticket') ?? '';
  expect(ticket).toMatch(/^ST-/);
  expect(new URL(answer.url()).searchParams.get('service')).toBe(LOGIN_URL);
  expect(await answer.json()).toMatchObject({
    success: true,
    result: { userInfo: { username: USERS.admin } },
  });
  await expect(page).toHaveURL(`${APP}${HOME_PATH}`);
  await shell.waitReady();
  await expect(shell.userMenuButton).toContainText(ADMIN_NAME);
  await shot('sso-cas-signed-in');

  // Logout ends the CAS session too: the browser goes to the CAS logout with the login page as service.
  await shell.openUserMenu('退出登录');
  await shell
    .dialog('真的要注销登录吗 ?')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page).toHaveURL(`${CAS_BASE}/logout?service=${encodeURIComponent(LOGIN_URL)}`);
  await expect(page.getByTestId('cas-logged-out')).toBeVisible();
  expect(seen.casLogouts.at(-1)).toBe(LOGIN_URL);
  // Back from CAS, the login page shows the form instead of bouncing straight into CAS again.
  const casLogins = seen.casLogins;
  await page.getByTestId('cas-back').click();
  await expectFormStays(page);
  expect(seen.casLogins).toBe(casLogins);

  // The same ticket again (history, a copied link): refused with a message, the form stays (no loop).
  await page.goto(`/user/login?ticket=${encodeURIComponent(ticket)}`);
  await expect(shell.message(AUTH_MSG.casTicketInvalid)).toBeVisible();
  await expectFormStays(page);
  expect(seen.casLogins).toBe(casLogins);
  await shot('sso-cas-replayed-ticket');
});

test('CAS: a forged ticket and a CAS user without a local account show the message and the form', async ({
  page,
  shell,
}) => {
  const casLogins = seen.casLogins;
  await page.goto('/user/login?ticket=ST-forged-e2e');
  await expect(shell.message(AUTH_MSG.casTicketInvalid)).toBeVisible();
  await expectFormStays(page);
  expect(seen.casLogins).toBe(casLogins);

  // The SSO button goes to CAS again; a CAS account this platform does not know is not signed in.
  await page.getByTestId('login-sso').click();
  await expect(page).toHaveURL(casLoginPage);
  await page.getByTestId('cas-username').fill('stranger_e2e');
  await page.getByTestId('cas-submit').click();
  await expect(shell.message(AUTH_MSG.casNoLocalUser)).toBeVisible();
  await expectFormStays(page);
  expect(seen.casLogins).toBe(casLogins + 1);
  expect(await shell.stored('Access-Token')).toBeNull();
});

// ---- OIDC -------------------------------------------------------------------------------------------

/** From the local login form, through the provider's authorize page, as `sub` with `phone`. */
async function startThirdParty(page: Page) {
  await page.goto('/user/login?local=1');
  const button = page.getByTestId(`login-third-${OIDC.provider}`);
  await expect(button).toHaveText(OIDC.name);
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${IDP}/oidc/authorize\\?`));
  await expect(page.getByTestId('idp-approve')).toBeVisible();
}

test('OIDC: the third-party button signs in the seeded user with the provider-verified mobile', async ({
  page,
  shell,
  shot,
}) => {
  const before = { tokens: seen.tokens, userinfos: seen.userinfos };
  await startThirdParty(page);
  await page.getByTestId('idp-sub').fill('wx-e2e-shipper-admin');
  await page.getByTestId('idp-phone').fill(SHIPPER_ADMIN.mobile);
  const exchanged = page.waitForResponse((r) => r.url().includes('/thirdLogin/getLoginUser/'));
  await page.getByTestId('idp-approve').click();
  expect(await (await exchanged).json()).toMatchObject({
    success: true,
    result: { userInfo: { username: USERS.shipperAdmin } },
  });
  await expect(page).toHaveURL(`${APP}${HOME_PATH}`);
  await shell.waitReady();
  await expect(shell.userMenuButton).toContainText(SHIPPER_ADMIN.name);
  // The server fetched the tokens and the user info itself (the browser never saw them).
  expect(seen.tokens).toBe(before.tokens + 1);
  expect(seen.userinfos).toBe(before.userinfos + 1);
  await shot('sso-oidc-signed-in');
});

test('OIDC: a denied consent and an identity bound to no user show the message on the login page', async ({
  page,
  shell,
  shot,
}) => {
  const casLogins = seen.casLogins;
  await startThirdParty(page);
  await page.getByTestId('idp-deny').click();
  await expect(shell.message(AUTH_MSG.thirdFailed)).toBeVisible();
  await expectFormStays(page);

  await startThirdParty(page);
  await page.getByTestId('idp-sub').fill('wx-e2e-nobody');
  await page.getByTestId('idp-phone').fill('13000000000');
  await page.getByTestId('idp-approve').click();
  await expect(shell.message(AUTH_MSG.thirdNotBound)).toBeVisible();
  // The error is dropped from the address and the form stays: CAS is not entered on the way.
  await expectFormStays(page);
  expect(seen.casLogins).toBe(casLogins);
  expect(await shell.stored('Access-Token')).toBeNull();
  await shot('sso-oidc-not-bound');
});
