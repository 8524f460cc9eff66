// API helpers of the sign-in and registration specs: SMS codes read from the server's outbox
// file, users created by an admin, the pending counters.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { type ApiClient, type Envelope, signIn } from './api.ts';
import { API_BASE, USERS } from './env.ts';

/** A session token of the admin, through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  return signIn(request, USERS.admin);
}

/**
 * The code of the newest SMS to `mobile`, read from the outbox file of the suite's server (SMS_CHANNEL=outbox
 * in playwright.config.ts): the system messages list keeps codes blanked out. Waits for it: the message is
 * written while /sys/sms answers.
 */
export async function smsCodeFor(mobile: string): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR ?? '', 'sms-outbox.jsonl');
  let code = '';
  await expect
    .poll(
      async () => {
        const text = await readFile(outbox, 'utf8').catch(() => '');
        const messages = text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { receiver: string; params: { code?: string } })
          .filter((m) => m.receiver === mobile);
        code = messages.at(-1)?.params.code ?? '';
        return code;
      },
      { timeout: 10_000 },
    )
    .toMatch(/^\d{6}$/);
  return code;
}

/** A mobile number nobody else in this run uses. */
export function uniqueMobile(): string {
  return `1${3 + Math.floor(Math.random() * 7)}${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
}

/** A name unique to this run, for accounts the specs create. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1_000)}`;
}

/** A role code made from a role's unique name: its letters and digits, the rest as `_`, led by `prefix`. */
export function roleCodeOf(roleName: string, prefix: string): string {
  return roleName.replace(/[^A-Za-z0-9]/g, '_').replace(/^_+/, prefix);
}

/**
 * An account made by the admin: its password is an initial one (the owner must change it). It gets the
 * customer-staff role unless another seeded role is named, so that it has a menu to sign in to (a user
 * without one is logged out).
 */
export async function createUser(
  api: ApiClient,
  {
    roleCode = 'customer',
    ...user
  }: { username: string; password: string; phone?: string; roleCode?: string },
): Promise<void> {
  // The add form sends role ids; the role is found by its code.
  const roles = await api.envelope<{ records: Array<{ id: string; roleCode: string }> }>(
    'GET',
    `/sys/role/list?roleCode=${roleCode}`,
  );
  const role = roles.result.records.find((r) => r.roleCode === roleCode);
  if (!role) throw new Error(`the seeded ${roleCode} role is missing`);
  const body = await api.envelope<unknown>('POST', '/sys/user/add', {
    ...user,
    realname: `E2E ${user.username}`,
    selectedroles: role.id,
  });
  if (!body.success) throw new Error(`add user failed: ${body.message}`);
}

/**
 * The owner of a new account sets a password of their own (through the 406 change token, as the login page
 * does): until then every session of the account reaches nothing but the password change.
 */
export async function setOwnPassword(
  request: APIRequestContext,
  username: string,
  initial: string,
  own: string,
): Promise<void> {
  const login = await request.post(`${API_BASE}/sys/loginByUsername`, {
    data: { username, password: initial },
  });
  const body = (await login.json()) as Envelope<{ token: string }>;
  if (body.code !== 406) throw new Error(`expected a password change for ${username}: ${body.message}`);
  const changed = await request.put(`${API_BASE}/sys/user/updatePassword`, {
    headers: { 'X-Access-Token': body.result.token },
    data: { username, oldpassword: initial, password: own, confirmpassword: own },
  });
  const result = (await changed.json()) as Envelope<unknown>;
  if (!result.success) throw new Error(`password change failed: ${result.message}`);
}

/**
 * An account made by the admin whose owner has already replaced the initial password with `own` (see
 * createUser and setOwnPassword): ready to sign in with `own`.
 */
export async function createUserWithOwnPassword(
  api: ApiClient,
  { own, ...user }: { username: string; password: string; own: string; phone?: string; roleCode?: string },
): Promise<void> {
  await createUser(api, user);
  await setOwnPassword(api.request, user.username, user.password, own);
}

/**
 * A user named from `prefix`, with a new mobile and its own password `own` (the initial one already changed), added
 * with the administrator's `token`; answers its name and mobile.
 */
export async function userWithMobile(
  api: ApiClient,
  prefix: string,
  own: string,
): Promise<{ username: string; mobile: string }> {
  const username = uniqueName(prefix);
  const mobile = uniqueMobile();
  await createUserWithOwnPassword(api, { username, password: 'Initial#2026', own, phone: mobile });
  return { username, mobile };
}

/** The pending counters of the header bell. */
export async function pendingCounts(api: ApiClient): Promise<Record<string, number>> {
  return (await api.envelope<Record<string, number>>('GET', '/hydriver/hyDriver/getDsXx')).result;
}

const CREDIT_CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A unified social credit code with a right check character (GB 32100), unique to this run. */
export function uniqueCreditCode(): string {
  const pick = () => CREDIT_CHARSET[Math.floor(Math.random() * CREDIT_CHARSET.length)];
  const body = `91320100${Array.from({ length: 9 }, pick).join('')}`;
  const sum = CREDIT_WEIGHTS.reduce((acc, w, i) => acc + w * CREDIT_CHARSET.indexOf(body[i]), 0);
  return body + CREDIT_CHARSET[(31 - (sum % 31)) % 31];
}

/** A 1×1 PNG: the smallest real picture, for the licence upload. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
