import { Readable } from 'node:stream';
import { yuanToFen } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { newId } from '../../platform/db/columns.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { bizError } from '../../platform/http/errors.ts';
import type { StatementEntry } from './bank/adapter.ts';
import { type FinActor, type Finance, tablesChanged } from './context.ts';
import { finBankPayment, finPosting, finStatementLine } from './schema.ts';

// Bank statements (主钱包): imported from the bank's Excel/CSV or downloaded through the adapter, stored once
// per bank serial no., and matched to the books — money in to recharge postings, money out to paid payments —
// by serial no. and amount. What matches nothing stays listed as unmatched.

const MAX_ROWS = 20_000;

const HEADERS: Record<string, keyof ParsedLine> = {
  流水号: 'bankSerialNo',
  交易流水号: 'bankSerialNo',
  银行流水号: 'bankSerialNo',
  交易时间: 'tradeTime',
  记账时间: 'tradeTime',
  收支: 'direction',
  方向: 'direction',
  借贷标志: 'direction',
  金额: 'amount',
  '金额(元)': 'amount',
  交易金额: 'amount',
  对方户名: 'counterpartyName',
  对方账号: 'counterpartyAccount',
  摘要: 'memo',
  用途: 'memo',
};

interface ParsedLine {
  bankSerialNo: string;
  tradeTime: string;
  direction: string;
  amount: string;
  counterpartyName: string;
  counterpartyAccount: string;
  memo: string;
}

/** A spreadsheet cell as the text a person sees in it (formulas by their result, rich text joined). */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return String(value.result ?? '');
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
  }
  return String(value).trim();
}

/**
 * The first sheet of an uploaded statement (xlsx, or CSV by its name) and which column holds which line field,
 * found by the header row's titles (`headers`, blanks ignored). `exporter` names who exports the file in the
 * refusal of an unreadable one.
 */
export async function statementSheet<K extends string>(
  data: Buffer,
  filename: string,
  exporter: string,
  headers: Record<string, K>,
): Promise<{ sheet: ExcelJS.Worksheet; columns: Map<number, K> }> {
  const workbook = new ExcelJS.Workbook();
  try {
    if (/\.csv$/i.test(filename)) await workbook.csv.read(Readable.from(data));
    else await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw bizError(`无法读取文件，请上传${exporter}导出的 Excel（.xlsx）或 CSV 文件`);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw bizError('文件中没有工作表');
  const columns = new Map<number, K>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = headers[cellText(cell.value).replace(/\s/g, '')];
    if (key) columns.set(col, key);
  });
  return { sheet, columns };
}

/** Reads a statement file (xlsx, or CSV by its name) into entries and per-row errors. */
export async function parseStatement(
  data: Buffer,
  filename: string,
): Promise<{ entries: StatementEntry[]; errors: Array<{ row: number; message: string }> }> {
  const { sheet, columns } = await statementSheet(data, filename, '银行', HEADERS);
  for (const needed of ['bankSerialNo', 'tradeTime', 'direction', 'amount'] as const)
    if (![...columns.values()].includes(needed))
      throw bizError('表头需包含：流水号、交易时间、收支、金额（可选：对方户名、对方账号、摘要）');
  if (sheet.rowCount - 1 > MAX_ROWS) throw bizError(`一次最多导入${MAX_ROWS}行`);
  const entries: StatementEntry[] = [];
  const errors: Array<{ row: number; message: string }> = [];
  for (let r = 2; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const line: Partial<ParsedLine> = {};
    for (const [col, key] of columns) line[key] = cellText(row.getCell(col).value);
    if (!line.bankSerialNo && !line.amount) continue;
    const fen = yuanToFen(line.amount ?? '');
    const when = new Date(
      (line.tradeTime ?? '').replace(' ', 'T').replace(/T(\d{2}:\d{2}:\d{2})$/, 'T$1+08:00'),
    );
    const dir = line.direction ?? '';
    const direction = /^(收|入|贷|1|C|in)/i.test(dir) ? 1 : /^(支|出|借|2|D|out)/i.test(dir) ? 2 : 0;
    let message = '';
    if (!line.bankSerialNo || line.bankSerialNo.length > 64) message = '流水号为空或过长';
    // A third decimal is not a bank's amount (yuanToFen would round it): refused, not rounded.
    else if (fen === null || fen <= 0n || fen > 100_000_000_000n || /\.\d{3,}$/.test(line.amount ?? ''))
      message = '金额不正确（应为大于0的元金额，最多两位小数）';
    else if (Number.isNaN(when.getTime())) message = '交易时间不正确';
    else if (!direction) message = '收支应为“收”或“支”';
    if (message) {
      errors.push({ row: r, message });
      continue;
    }
    entries.push({
      bankSerialNo: line.bankSerialNo as string,
      tradeTime: when,
      direction: direction as 1 | 2,
      amountFen: Number(fen),
      counterpartyName: line.counterpartyName?.slice(0, 100) || null,
      counterpartyAccount: line.counterpartyAccount?.slice(0, 40) || null,
      memo: line.memo?.slice(0, 255) || null,
    });
  }
  return { entries, errors };
}

/** Stores entries (a serial no. seen before is skipped) and matches everything unmatched. */
export async function storeStatement(
  fin: Finance,
  actor: FinActor,
  entries: StatementEntry[],
): Promise<{ inserted: number; skipped: number; matched: number; unmatched: number }> {
  const batch = newId();
  let inserted = 0;
  for (let i = 0; i < entries.length; i += 400) {
    const rows = await fin.db
      .insert(finStatementLine)
      .values(
        entries.slice(i, i + 400).map((e) => ({
          tenantId: actor.tenantId,
          bankSerialNo: e.bankSerialNo,
          tradeTime: e.tradeTime,
          direction: e.direction,
          amountFen: e.amountFen,
          counterpartyName: e.counterpartyName,
          counterpartyAccount: e.counterpartyAccount,
          memo: e.memo,
          importBatch: batch,
          createBy: actor.username,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: finStatementLine.id });
    inserted += rows.length;
  }
  const matched = await matchStatement(fin, actor.tenantId);
  const [left] = rowsOf<{ n: number }>(
    await fin.db.execute(
      sql`select count(*)::int as n from ${finStatementLine} where tenant_id = ${actor.tenantId} and match_state = 0`,
    ),
  );
  tablesChanged(fin, 'fin_statement_line');
  return { inserted, skipped: entries.length - inserted, matched, unmatched: Number(left?.n ?? 0) };
}

/** Matches unmatched lines by serial no. and amount: money in to recharges, money out to paid payments. */
export async function matchStatement(fin: Finance, tenantId: number): Promise<number> {
  const incoming = rowsOf(
    await fin.db.execute(sql`
    update ${finStatementLine} as l
    set match_state = 1, matched_posting_id = p.id, matched_ref = p.bank_serial_no, update_time = now()
    from ${finPosting} as p
    where l.tenant_id = ${tenantId} and l.match_state = 0 and l.direction = 1
      and p.tenant_id = l.tenant_id and p.event = 'recharge' and p.bank_serial_no = l.bank_serial_no
      and p.amount_fen = l.amount_fen
    returning l.id`),
  );
  const outgoing = rowsOf(
    await fin.db.execute(sql`
    update ${finStatementLine} as l
    set match_state = 1, matched_posting_id = p.id, matched_ref = b.request_no, update_time = now()
    from ${finBankPayment} as b
    join ${finPosting} as p on p.payment_id = b.id and p.event = 'payout'
    where l.tenant_id = ${tenantId} and l.match_state = 0 and l.direction = 2
      and b.tenant_id = l.tenant_id and b.state = 2 and b.bank_serial_no = l.bank_serial_no
      and b.amount_fen = l.amount_fen
    returning l.id`),
  );
  return incoming.length + outgoing.length;
}
