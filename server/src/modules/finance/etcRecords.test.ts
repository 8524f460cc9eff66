import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { api, useLogins, useTestApp } from '../../test/harness.ts';
import { etcTime, parseEtcRow } from './etcRecords.ts';
import { FinanceKit, multipartFile } from './financeTestKit.ts';

// ETC记录: the provider's toll records imported from Excel or CSV, matched to the waybill whose vehicle and
// load-to-sign window hold the exit time, listed (unmatched too), totalled in the waybill's detail.

const HEADER = ['交易流水号', '车牌号', '入口站', '出口站', '入口时间', '出口时间', '通行费', '发票号'];
const ago = (minutes: number) => formatDateTime(new Date(Date.now() - minutes * 60_000));

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('ETC');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('ETC records', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  let k: FinanceKit;
  const run = `${process.pid}${Date.now()}`.slice(-10);
  const serial = (n: number) => `ETC${run}${n}`;

  beforeAll(async () => {
    k = new FinanceKit(t, tokens.admin);
  }, 120_000);

  const upload = async (file: Buffer, filename: string, token = tokens.admin) =>
    (
      await t.call(token, {
        method: 'POST',
        url: api('/plateform/etc/importExcel'),
        ...multipartFile(file, filename),
      })
    ).json();

  it('reads times as China time and reports every problem of a row', () => {
    expect(etcTime('2026-01-31 10:05:00')?.toISOString()).toBe('2026-01-31T02:05:00.000Z');
    expect(etcTime('2026/1/31 10:05')?.toISOString()).toBe('2026-01-31T02:05:00.000Z');
    expect(etcTime(new Date(Date.UTC(2026, 0, 31, 10, 5)))?.toISOString()).toBe('2026-01-31T02:05:00.000Z');
    expect(etcTime('2026-02-30 10:00:00')).toBeNull();
    expect(
      parseEtcRow({
        providerSerial: 'A',
        plateNo: '苏E 12345',
        exitTime: '2026-01-31 10:05',
        amount: '35.5',
      }),
    ).toMatchObject({ plateNo: '苏E12345', amountFen: 3550 });
    expect(parseEtcRow({ plateNo: '苏E12345', exitTime: 'yesterday', amount: '1.234' })).toBe(
      '交易流水号不能为空；出口时间不正确：yesterday；通行费不正确：1.234（应为大于0的元金额，最多两位小数）',
    );
  });

  it('imports an Excel file, matches the waybill of the vehicle and time, lists the unmatched and reports the broken row with nothing of it stored', async () => {
    const { note, plateNo } = await k.auditedNote({}, 'sign');
    const file = await xlsx([
      [serial(1), plateNo, '苏州东', '上海北', ago(70), ago(10), '123.45', '04400220001'],
      [serial(2), plateNo, '苏州东', '无锡', ago(4 * 24 * 60 + 60), ago(4 * 24 * 60), 35, '04400220002'],
      [serial(3), '沪Z99999', '上海北', '苏州东', ago(40), ago(5), '20.00', ''],
      [serial(4), plateNo, '上海北', '苏州东', ago(40), '2026-02-30 10:00:00', 'abc', ''],
    ]);
    const imported = await upload(file, 'etc.xlsx');
    expect(imported.code, imported.message).toBe(201);
    expect(imported.result).toMatchObject({ total: 4, inserted: 3, duplicates: 0, errorCount: 1 });
    expect(imported.result.errors).toEqual([
      {
        row: 5,
        message: '出口时间不正确：2026-02-30 10:00:00；通行费不正确：abc（应为大于0的元金额，最多两位小数）',
      },
    ]);
    expect(imported.result.matched).toBeGreaterThanOrEqual(1);

    const broken = await k.get('/plateform/etc/list', { providerSerial: serial(4) });
    expect(broken.result.total).toBe(0);

    const matched = await k.get('/plateform/etc/list', { noteId: note.id });
    expect(matched.result.records).toHaveLength(1);
    expect(matched.result.records?.[0]).toMatchObject({
      providerSerial: serial(1),
      plateNo,
      amountFen: 12345,
      matchState: 1,
      matchState_dictText: '已匹配',
      shippingNoteNumber: note.shippingNoteNumber,
      exitStation: '上海北',
    });

    const unmatched = await k.get('/plateform/etc/list', {
      matchState: 0,
      importBatch: imported.result.importBatch,
      column: 'amountFen',
      order: 'asc',
    });
    expect(unmatched.result.records?.map((r) => r.providerSerial)).toEqual([serial(3), serial(2)]);
    expect(unmatched.result.records?.[0]).toMatchObject({ matchState_dictText: '未匹配' });

    const total = await k.get('/shipping/hyShippingNote/etc', { id: note.id });
    expect(total.result).toEqual({ count: 1, amountFen: 12345 });

    // The same file again changes nothing: every serial no. is known.
    const again = await upload(file, 'etc.xlsx');
    expect(again.result).toMatchObject({ inserted: 0, duplicates: 3, errorCount: 1 });
    expect((await k.get('/shipping/hyShippingNote/etc', { id: note.id })).result.amountFen).toBe(12345);
  });

  it('imports a CSV (BOM, quoted fields), is searchable by plate, exports, and deletes a whole import batch', async () => {
    const { note, plateNo } = await k.auditedNote({}, 'load');
    const csv = [
      HEADER.join(','),
      `${serial(11)},${plateNo},"苏州东, 主线","上海""北""",${ago(30)},${ago(3)},"1,000.50",04400220011`,
      `${serial(12)},${plateNo},苏州东,上海北,,${ago(2)},8,`,
      '',
    ].join('\r\n');
    const imported = await upload(Buffer.from(`\uFEFF${csv}`), 'etc.csv');
    expect(imported.success, imported.message).toBe(true);
    expect(imported.result).toMatchObject({ total: 2, inserted: 2, errorCount: 0 });
    expect(imported.message).toContain('文件导入成功');

    const rows = await k.get('/plateform/etc/list', { plateNo: `*${plateNo.slice(-4)}*` });
    const mine = rows.result.records?.filter((r) => r.importBatch === imported.result.importBatch) ?? [];
    expect(mine.map((r) => r.providerSerial).sort()).toEqual([serial(11), serial(12)]);
    expect(mine.find((r) => r.providerSerial === serial(11))).toMatchObject({
      entryStation: '苏州东, 主线',
      exitStation: '上海"北"',
      amountFen: 100_050,
      noteId: note.id,
    });
    expect((await k.get('/shipping/hyShippingNote/etc', { id: note.id })).result).toEqual({
      count: 2,
      amountFen: 100_850,
    });

    const exported = await t.call(tokens.admin, {
      method: 'GET',
      url: api(`/plateform/etc/exportXls?importBatch=${imported.result.importBatch}`),
    });
    expect(exported.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['车牌号', '出口时间', '通行费', '匹配状态']),
    );
    expect(sheet.rowCount).toBe(3);

    const template = await t.call(tokens.admin, { method: 'GET', url: api('/plateform/etc/importTemplate') });
    expect(template.statusCode).toBe(200);

    const gone = await k.ok('POST', '/plateform/etc/deleteBatch', {
      importBatch: imported.result.importBatch,
    });
    expect(gone.result).toEqual({ count: 2 });
    expect((await k.get('/shipping/hyShippingNote/etc', { id: note.id })).result).toEqual({
      count: 0,
      amountFen: 0,
    });
  });

  it('matches a record imported before its trip was loaded when asked again', async () => {
    const party = await k.payee();
    const imported = await upload(
      await xlsx([[serial(21), party.plateNo, '', '', '', ago(1), '9.90', '']]),
      'early.xlsx',
    );
    expect(imported.result).toMatchObject({ inserted: 1 });
    const before = await k.get('/plateform/etc/list', { providerSerial: serial(21) });
    expect(before.result.records?.[0]).toMatchObject({ matchState: 0 });
    const orderId = await k.order({ plannedWeightG: 32_000_000 });
    const note = await k.trip(orderId, party, 'unload');
    const rematched = await k.ok('POST', '/plateform/etc/match', {});
    expect(rematched.result.matched).toBeGreaterThanOrEqual(1);
    expect((await k.get('/shipping/hyShippingNote/etc', { id: note.id })).result).toEqual({
      count: 1,
      amountFen: 990,
    });
  });

  it('refuses a file without the needed columns, a file that is no workbook, and users without the permission', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x').addRow(['车牌号', '金额']);
    const wrong = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'wrong.xlsx');
    expect(wrong).toMatchObject({ success: false });
    expect(wrong.message).toContain('表头需包含');
    // Not a workbook at all, whatever its name says: the user is told the file cannot be read.
    const garbage = await upload(Buffer.from('这不是Excel文件'.repeat(50)), 'toll.xlsx');
    expect(garbage).toMatchObject({ success: false, message: expect.stringContaining('无法读取文件') });

    const shipper = await t.login('shipper');
    const list = await t.call(shipper, { method: 'GET', url: api('/plateform/etc/list') });
    expect(list.json().success).toBe(false);
    const file = await xlsx([[serial(31), '苏E00001', '', '', '', ago(1), '1', '']]);
    const refused = await upload(file, 'etc.xlsx', shipper);
    expect(refused.success).toBe(false);
    expect((await k.get('/plateform/etc/list', { providerSerial: serial(31) })).result.total).toBe(0);
  });
});
