// Helpers of the access-control API tests (users, roles, menus, departments): calls as a user, Excel files,
// uploads and a flat walk over the permission tree.
import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/harness.ts';

export const api = (path: string) => `/jeecg-boot${path}`;
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function caller(t: TestApp, defaultToken: () => string) {
  return (method: Method, path: string, payload?: object, token: string = defaultToken()) =>
    t.call(token, { method, url: api(path), payload });
}

export async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('data');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function readXlsx(data: Buffer | string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

export function upload(t: TestApp, token: string, path: string, data: Buffer) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'import.xlsx',
  );
  return t.call(token, { method: 'POST', url: api(path), payload: form as unknown as string });
}

export interface TreeNode {
  key: string;
  title: string;
  perms?: string | null;
  children?: TreeNode[];
}

export function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
