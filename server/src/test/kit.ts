// Helpers shared by the API tests: calls as a user, Excel files in and out, and uploads.
import { DEMO_PASSWORD } from '@freight/contracts';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import { sysPermission, sysRole, sysRolePermission, sysUser, sysUserRole } from '../modules/system/index.ts';
import { hashPassword } from '../platform/auth/crypto.ts';
import { api, type TestApp, useLogins, useTestApp } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls under the API base path as `token()` unless another token is given. */
export function caller(t: TestApp, token: () => string) {
  return (method: Method, path: string, payload?: object, as?: string, headers?: Record<string, string>) =>
    t.call(as ?? token(), { method, url: api(path), payload, headers });
}

/**
 * The test app of the enclosing `describe`, signed in as the admin and as the other demo accounts named
 * (name → username), with `call` going out as the admin unless another token is given.
 */
export function useAdminApi<N extends string = never>(others = {} as Record<N, string>) {
  const t = useTestApp();
  const tokens = useLogins<N | 'admin'>(t, { admin: 'admin', ...others });
  return { t, tokens, call: caller(t, () => tokens.admin) };
}

/** Expects 403 to each call as `token`: reads and deletes carry no body, writes an empty one. */
export async function expectRefused(
  t: TestApp,
  token: string,
  calls: Array<[Method, string]>,
): Promise<void> {
  for (const [method, path] of calls) {
    const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
    const res = await t.call(token, { method, url: api(path), payload });
    expect(res.statusCode, `${method} ${path}`).toBe(403);
  }
}

/** A version of a record as the data log's side-by-side comparison answers it. */
export interface ComparedVersion {
  dataContent: string;
  content: Record<string, unknown>;
}

/** Two versions of one record side by side, as the data log screen compares them. */
export async function compareVersions(
  call: ReturnType<typeof caller>,
  firstId: string,
  secondId: string,
): Promise<ComparedVersion[]> {
  return (await call('GET', `/sys/dataLog/queryCompareList?dataId1=${firstId}&dataId2=${secondId}`)).json()
    .result;
}

/** An xlsx of these rows on one sheet. */
export async function xlsx(rows: unknown[][], sheetName = 'data'): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The rows of the first sheet of an xlsx answer. */
export async function readXlsx(data: Buffer | string): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  // exceljs's typing predates Node's generic Buffer; it reads a Buffer as it is.
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  book.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

export function fileForm(data: Buffer, name = 'import.xlsx'): FormData {
  const form = new FormData();
  form.append(
    'file',
    new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    name,
  );
  return form;
}

/** Posts a multipart form under the API base path. */
export function postForm(t: TestApp, token: string | null, path: string, form: FormData) {
  // light-my-request accepts a FormData body; its payload type names only strings, buffers and objects.
  return t.call(token, { method: 'POST', url: api(path), payload: form as unknown as string });
}

/** Posts the file as the multipart field `file`, as the console's import button does. */
export function upload(t: TestApp, token: string, path: string, data: Buffer) {
  return postForm(t, token, path, fileForm(data));
}

/** The per-row report of an import that refused some of its rows. */
export interface ImportReport {
  errors: Array<{ row: number; message: string }>;
  msg: string;
}

/** Uploads an import file some of whose rows are refused: the answer says so with code 201 and the report. */
export async function importWithRefusals(
  t: TestApp,
  token: string,
  path: string,
  data: Buffer,
): Promise<ImportReport> {
  const body = (await upload(t, token, path, data)).json();
  expect(body.code, body.message).toBe(201);
  return body.result;
}

/** A 1×1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A file for the common upload: its folder (`biz`) goes before the file, as the console's upload control sends it. */
export interface CommonFile {
  data: Buffer | string;
  name: string;
  type?: string;
  biz?: string;
}

/** Uploads one file through `/sys/common/upload`. */
export function commonUpload(t: TestApp, token: string | null, { data, name, type, biz }: CommonFile) {
  const form = new FormData();
  if (biz !== undefined) form.append('biz', biz);
  form.append('file', new Blob([data], { type }), name);
  return postForm(t, token, '/sys/common/upload', form);
}

/** A login whose only role holds exactly `codes` (menu or button permission codes of the seeded tree). */
export async function userWithCodes(t: TestApp, username: string, codes: string[]): Promise<string> {
  const perms = await t.db
    .select({ id: sysPermission.id })
    .from(sysPermission)
    .where(inArray(sysPermission.perms, codes));
  if (perms.length !== codes.length) throw new Error(`unknown permission codes in ${codes.join(',')}`);
  const [role] = await t.db
    .insert(sysRole)
    .values({ roleCode: `r_${username}`, roleName: `测试角色${username}`, createBy: 'test' })
    .returning({ id: sysRole.id });
  await t.db.insert(sysRolePermission).values(perms.map((p) => ({ roleId: role.id, permissionId: p.id })));
  const [user] = await t.db
    .insert(sysUser)
    .values({
      username,
      realname: username,
      password: await hashPassword(DEMO_PASSWORD),
      passwordChangedAt: new Date(),
      userType: 1,
      status: 1,
      createBy: 'test',
    })
    .returning({ id: sysUser.id });
  await t.db.insert(sysUserRole).values({ userId: user.id, roleId: role.id });
  return t.login(username);
}

export async function userIdOf(t: TestApp, username: string): Promise<string> {
  const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, username));
  return user.id;
}
