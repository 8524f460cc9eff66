// Helpers shared by the API tests: calls as a user, Excel files in and out, and uploads.
import ExcelJS from 'exceljs';
import { api, type TestApp } from './harness.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls under the API base path as `token()` unless another token is given. */
export function caller(t: TestApp, token: () => string) {
  return (method: Method, path: string, payload?: object, as?: string) =>
    t.call(as ?? token(), { method, url: api(path), payload });
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

/** Posts the file as the multipart field `file`, as the console's import button does. */
export function upload(t: TestApp, token: string, path: string, data: Buffer) {
  // light-my-request accepts a FormData body; its payload type names only strings, buffers and objects.
  return t.call(token, { method: 'POST', url: api(path), payload: fileForm(data) as unknown as string });
}
