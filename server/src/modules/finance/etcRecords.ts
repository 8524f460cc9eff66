import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { TextDecoder } from 'node:util';
import { ETC_SETTLE_STATE, yuanToFen } from '@freight/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { readInChunks } from '../../platform/db/chunks.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError } from '../../platform/http/errors.ts';
import { hyShippingNote } from '../freight/index.ts';
import { finEtcRecord } from './etcSchema.ts';

// ETC记录: the ETC provider's toll records, imported from its Excel (xlsx) or CSV statement and matched to the
// waybills. The file is read as a stream (never whole in memory), good rows are inserted in batches (a serial
// no. seen before is skipped, so a re-import changes nothing), a broken row is reported by its number and
// nothing of it is stored, and the matching is one set-based update per import: each unmatched record goes to
// the trip of its plate's vehicle that was loaded last before its exit time (one index probe on
// hy_shipping_note (vehicle_id, load_time)), when that trip's load-to-sign window (± the margin) holds it.

/** Most rows one file may hold. */
export const ETC_MAX_ROWS = 200_000;
/** Most bytes one file may hold (100 000 rows of CSV are about 12 MB). */
export const ETC_MAX_BYTES = 64 * 1024 * 1024;
/** A passage this long before loading or after signing still belongs to the trip (the way to and from). */
export const ETC_MATCH_MARGIN_MINUTES = 120;
/** Rows inserted by one statement. */
const BATCH = 1000;
/** Row errors the answer lists (all are counted). */
const MAX_REPORTED_ERRORS = 1000;

type Key =
  | 'providerSerial'
  | 'plateNo'
  | 'entryStation'
  | 'exitStation'
  | 'entryTime'
  | 'exitTime'
  | 'amount'
  | 'invoiceNo';

/** Column titles the providers use (and the template's own), without spaces, lower case. */
const HEADERS: Record<string, Key> = {
  交易流水号: 'providerSerial',
  流水号: 'providerSerial',
  通行流水号: 'providerSerial',
  交易编号: 'providerSerial',
  'serialno.': 'providerSerial',
  serialno: 'providerSerial',
  车牌号: 'plateNo',
  车牌: 'plateNo',
  车牌号码: 'plateNo',
  plate: 'plateNo',
  入口站: 'entryStation',
  入口站名: 'entryStation',
  入口收费站: 'entryStation',
  entrystation: 'entryStation',
  出口站: 'exitStation',
  出口站名: 'exitStation',
  出口收费站: 'exitStation',
  exitstation: 'exitStation',
  入口时间: 'entryTime',
  入站时间: 'entryTime',
  entrytime: 'entryTime',
  出口时间: 'exitTime',
  出站时间: 'exitTime',
  交易时间: 'exitTime',
  exittime: 'exitTime',
  通行费: 'amount',
  '通行费(元)': 'amount',
  '通行费（元）': 'amount',
  金额: 'amount',
  '金额(元)': 'amount',
  '金额（元）': 'amount',
  交易金额: 'amount',
  toll: 'amount',
  amount: 'amount',
  发票号: 'invoiceNo',
  发票号码: 'invoiceNo',
  'invoiceno.': 'invoiceNo',
  invoiceno: 'invoiceNo',
};

const REQUIRED: Key[] = ['providerSerial', 'plateNo', 'exitTime', 'amount'];

/** One data row of the file: its row number (the header is row 1) and its cells in column order. */
export interface SheetRow {
  row: number;
  cells: unknown[];
}

export interface EtcImportResult {
  importBatch: string;
  total: number;
  inserted: number;
  duplicates: number;
  errorCount: number;
  errors: Array<{ row: number; message: string }>;
  matched: number;
  unmatched: number;
  msg: string;
}

// ---- reading the file ----------------------------------------------------------------------------------------

/** The rows of the first sheet of an xlsx stream (dates as Date, shared strings resolved). */
async function* xlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = row.values as unknown[];
      yield { row: row.number, cells: Array.isArray(values) ? values.slice(1) : [] };
    }
    // Only the first sheet; the rest of the file is drained by the reader's end.
    return;
  }
}

/**
 * The rows of a CSV stream: RFC 4180 quoting (a quoted field may hold commas, quotes and line breaks), UTF-8
 * with or without BOM, or GB18030 (what Excel saves in a Chinese locale) when the bytes are not UTF-8.
 */
async function* csvRows(input: Readable): AsyncGenerator<SheetRow> {
  let decoder: TextDecoder | null = null;
  let field = '';
  let cells: string[] = [];
  let quoted = false;
  let afterQuote = false;
  let row = 1;
  let started = false;
  const out: SheetRow[] = [];
  const endRow = () => {
    cells.push(field);
    field = '';
    if (cells.length > 1 || cells[0] !== '') out.push({ row, cells });
    row++;
    cells = [];
  };
  for await (const chunk of input) {
    const bytes = chunk as Buffer;
    if (!decoder) {
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.min(bytes.length, 4096)), {
          stream: true,
        });
        decoder = new TextDecoder('utf-8');
      } catch {
        decoder = new TextDecoder('gb18030');
      }
    }
    let text = decoder.decode(bytes, { stream: true });
    if (!started) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      started = true;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else field += c;
        continue;
      }
      if (c === '"' && field === '' && !afterQuote) quoted = true;
      else if (c === ',') {
        cells.push(field);
        field = '';
        afterQuote = false;
      } else if (c === '\n') {
        endRow();
        afterQuote = false;
      } else if (c !== '\r') field += c;
    }
    // A doubled quote split across two chunks: the last character was a closing quote candidate. The rare case
    // of `""` split exactly at a chunk boundary reads as a closed quote followed by a quote, which is kept.
    yield* out.splice(0, out.length);
  }
  if (decoder) field += decoder.decode();
  if (field !== '' || cells.length > 0) endRow();
  yield* out;
}

/**
 * The rows of an xlsx upload, read from a temporary copy of it. ExcelJS's streaming reader now and then loses
 * the workbook part of a well-formed file ("reading 'sheets' of undefined", about one read in 300 of a small
 * file, from a network stream and from a file alike) before it yields a row: the copy is read again then. A copy
 * cut at the upload's size limit yields nothing: the caller reports the limit.
 */
const XLSX_READ_ATTEMPTS = 3;

async function* spooledXlsxRows(input: Readable & { truncated?: boolean }): AsyncGenerator<SheetRow> {
  const dir = await mkdtemp(path.join(tmpdir(), 'etc-upload-'));
  try {
    const copy = path.join(dir, 'upload.xlsx');
    await pipeline(input, createWriteStream(copy));
    if (input.truncated) return;
    for (let attempt = 1; ; attempt++) {
      let yielded = 0;
      try {
        for await (const row of xlsxRows(createReadStream(copy))) {
          yielded++;
          yield row;
        }
        return;
      } catch (error) {
        if (yielded > 0 || attempt >= XLSX_READ_ATTEMPTS) throw error;
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The rows of an uploaded file: CSV by its name, read as it arrives, else xlsx. */
export function etcFileRows(input: Readable, filename: string): AsyncGenerator<SheetRow> {
  return /\.csv$/i.test(filename) ? csvRows(input) : spooledXlsxRows(input);
}

// ---- one row -------------------------------------------------------------------------------------------------

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.richText)) return (v.richText as Array<{ text: string }>).map((t) => t.text).join('');
    if ('result' in v) return text(v.result);
    if (typeof v.text === 'string') return v.text;
    return '';
  }
  return String(value).trim();
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const WALL_TIME = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?)?$/;

/** A time of the file: an Excel date (its wall time is China time), or text `2026-01-31 10:05:00` (China). */
export function etcTime(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  // Excel keeps no zone: ExcelJS reads a date cell's wall time as UTC.
  if (value instanceof Date) return new Date(value.getTime() - CHINA_OFFSET_MS);
  if (typeof value === 'number') {
    // An unformatted date cell: days since 1899-12-30.
    if (value < 20_000 || value > 80_000) return null;
    return new Date(Math.round((value - 25_569) * 86_400_000) - CHINA_OFFSET_MS);
  }
  const s = text(value);
  const m = WALL_TIME.exec(s);
  if (m) {
    const [, y, mo, d, h = '0', mi = '0', se = '0'] = m;
    const date = new Date(
      Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se)) - CHINA_OFFSET_MS,
    );
    // 2026-02-30 has the shape but no day.
    const back = new Date(date.getTime() + CHINA_OFFSET_MS);
    if (back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(mo) - 1 || Number(h) > 23)
      return null;
    return date;
  }
  if (/^\d{4}-\d{2}-\d{2}T.+(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const date = new Date(s);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/** A plate as the provider writes it, without spaces or separators (`苏E·12345` → `苏E12345`). */
export function normalPlate(value: string): string {
  return value.replace(/[\s·.\-_]/g, '').toUpperCase();
}

interface EtcRow {
  providerSerial: string;
  plateNo: string;
  entryStation: string | null;
  exitStation: string | null;
  entryTime: Date | null;
  exitTime: Date;
  amountFen: number;
  invoiceNo: string | null;
}

/** A row's values, or every problem of it at once (so a file is corrected in one pass). */
export function parseEtcRow(values: Partial<Record<Key, unknown>>): EtcRow | string {
  const problems: string[] = [];
  const serial = text(values.providerSerial);
  if (!serial) problems.push('交易流水号不能为空');
  else if (serial.length > 64) problems.push('交易流水号过长（最多64位）');
  const plate = normalPlate(text(values.plateNo));
  if (!plate) problems.push('车牌号不能为空');
  else if (plate.length < 6 || plate.length > 12) problems.push(`车牌号不正确：${plate}`);
  const exitRaw = values.exitTime;
  const exitTime = etcTime(exitRaw);
  if (exitRaw === undefined || exitRaw === '' || exitRaw === null) problems.push('出口时间不能为空');
  else if (!exitTime) problems.push(`出口时间不正确：${text(exitRaw)}`);
  const entryRaw = values.entryTime;
  const entryTime = etcTime(entryRaw);
  if (entryRaw !== undefined && entryRaw !== null && text(entryRaw) !== '' && !entryTime)
    problems.push(`入口时间不正确：${text(entryRaw)}`);
  else if (entryTime && exitTime && entryTime.getTime() > exitTime.getTime())
    problems.push('入口时间晚于出口时间');
  const amountText =
    typeof values.amount === 'number' ? String(values.amount) : text(values.amount).replaceAll(',', '');
  const fen = amountText ? yuanToFen(amountText) : null;
  if (!amountText) problems.push('通行费不能为空');
  // A third decimal is not a toll (yuanToFen would round it): refused, not rounded.
  else if (fen === null || fen <= 0n || fen > 10_000_000n || /\.\d{3,}$/.test(amountText))
    problems.push(`通行费不正确：${amountText}（应为大于0的元金额，最多两位小数）`);
  const entryStation = text(values.entryStation);
  const exitStation = text(values.exitStation);
  if (entryStation.length > 100 || exitStation.length > 100) problems.push('收费站名称过长（最多100字）');
  const invoiceNo = text(values.invoiceNo);
  if (invoiceNo.length > 32) problems.push('发票号过长（最多32位）');
  if (problems.length) return problems.join('；');
  return {
    providerSerial: serial,
    plateNo: plate,
    entryStation: entryStation || null,
    exitStation: exitStation || null,
    entryTime,
    exitTime: exitTime as Date,
    amountFen: Number(fen),
    invoiceNo: invoiceNo || null,
  };
}

// ---- import and matching -------------------------------------------------------------------------------------

const headerKey = (value: unknown) =>
  HEADERS[text(value).replace(/\s/g, '').replace(/\*$/, '').toLowerCase()];

/**
 * Imports the rows of a file for the tenant in one transaction: broken rows reported (none of their values
 * stored), good rows inserted in batches (a known serial no. skipped), then every unmatched record of the
 * tenant matched. `onProgress` hears the rows read so far.
 */
export async function importEtcRecords(
  db: Db,
  actor: { tenantId: number; username: string },
  rows: AsyncIterable<SheetRow>,
  onProgress?: (rowsRead: number) => void,
): Promise<EtcImportResult> {
  const importBatch = `ETC${new Date(Date.now() + CHINA_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14)}${newId().slice(-4)}`;
  const errors: Array<{ row: number; message: string }> = [];
  let errorCount = 0;
  let total = 0;
  let inserted = 0;
  const matchedBefore = { matched: 0, unmatched: 0 };
  await db.transaction(async (tx) => {
    let columns: Map<number, Key> | null = null;
    let pending: EtcRow[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      const stored = await tx
        .insert(finEtcRecord)
        .values(
          pending.map((r) => ({
            ...r,
            id: newId(),
            tenantId: actor.tenantId,
            importBatch,
            createBy: actor.username,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: finEtcRecord.id });
      inserted += stored.length;
      pending = [];
    };
    for await (const { row, cells } of rows) {
      if (!columns) {
        const found = new Map<number, Key>();
        cells.forEach((cell, i) => {
          const key = headerKey(cell);
          if (key && ![...found.values()].includes(key)) found.set(i, key);
        });
        const missing = REQUIRED.filter((key) => ![...found.values()].includes(key));
        if (missing.length)
          throw bizError(
            '表头需包含：交易流水号、车牌号、出口时间、通行费（可选：入口站、出口站、入口时间、发票号）',
          );
        columns = found;
        continue;
      }
      const values: Partial<Record<Key, unknown>> = {};
      let any = false;
      for (const [i, key] of columns) {
        const value = cells[i];
        if (value !== undefined && value !== null && text(value) !== '') {
          values[key] = value;
          any = true;
        }
      }
      if (!any) continue;
      total++;
      if (total > ETC_MAX_ROWS) throw bizError(`单次最多导入${ETC_MAX_ROWS}行`);
      const parsed = parseEtcRow(values);
      if (typeof parsed === 'string') {
        errorCount++;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push({ row, message: parsed });
      } else {
        pending.push(parsed);
        if (pending.length >= BATCH) await flush();
      }
      if (total % 5000 === 0) onProgress?.(total);
    }
    if (!columns) throw bizError('文件中没有数据');
    await flush();
    Object.assign(matchedBefore, await matchEtcRecords(tx, actor.tenantId));
  });
  onProgress?.(total);
  const duplicates = total - errorCount - inserted;
  const msg = `总行数：${total}，已导入：${inserted}，重复跳过：${duplicates}，错误行数：${errorCount}；匹配运单：${matchedBefore.matched}，未匹配：${matchedBefore.unmatched}`;
  return {
    importBatch,
    total,
    inserted,
    duplicates,
    errorCount,
    errors,
    matched: matchedBefore.matched,
    unmatched: matchedBefore.unmatched,
    msg,
  };
}

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

/**
 * Matches every unmatched record of the tenant: the plate to its vehicle, then the record to the vehicle's trip
 * loaded last before its exit time (+ margin), when that trip was not signed (or unloaded) more than the
 * margin before the exit. Voided, cancelled and not yet loaded trips hold nothing. Returns how many records
 * were matched now and how many stay unmatched.
 */
export async function matchEtcRecords(
  db: DbOrTx,
  tenantId: number,
): Promise<{ matched: number; unmatched: number }> {
  const margin = sql`make_interval(mins => ${ETC_MATCH_MARGIN_MINUTES})`;
  await db.execute(sql`
    update ${finEtcRecord} as r
    set vehicle_id = (
      select v.id from hy_vehicle v
      where v.tenant_id = r.tenant_id and v.plate_no = r.plate_no
      order by v.id limit 1)
    where r.tenant_id = ${tenantId} and r.match_state = 0 and r.vehicle_id is null`);
  const matched = rowsOf(
    await db.execute(sql`
    update ${finEtcRecord} as r
    set match_state = 1, note_id = m.note_id, shipping_note_number = m.shipping_note_number,
        match_time = now(), update_time = now()
    from (
      select e.id, t.id as note_id, t.shipping_note_number
      from ${finEtcRecord} as e
      cross join lateral (
        select n.id, n.shipping_note_number, coalesce(n.sign_time, n.unload_time) as end_time
        from ${hyShippingNote} as n
        where n.vehicle_id = e.vehicle_id and n.load_time <= e.exit_time + ${margin}
          and n.tenant_id = e.tenant_id and n.status >= 2
        order by n.load_time desc
        limit 1
      ) as t
      where e.tenant_id = ${tenantId} and e.match_state = 0 and e.vehicle_id is not null
        and (t.end_time is null or t.end_time + ${margin} >= e.exit_time)
    ) as m
    where r.id = m.id
    returning r.id`),
  ).length;
  const [left] = rowsOf(
    await db.execute(
      sql`select count(*)::int as n from ${finEtcRecord} where tenant_id = ${tenantId} and match_state = 0`,
    ),
  );
  return { matched, unmatched: Number(left?.n ?? 0) };
}

/** Deletes the records of one import of the tenant; returns how many. Settled tolls are in the ledger: kept. */
export async function deleteEtcBatch(db: Db, tenantId: number, importBatch: string): Promise<number> {
  const [settled] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(finEtcRecord)
    .where(
      ofTenant(
        finEtcRecord,
        tenantId,
        eq(finEtcRecord.importBatch, importBatch),
        eq(finEtcRecord.settleState, ETC_SETTLE_STATE.settled),
      ),
    );
  if (Number(settled?.n ?? 0) > 0)
    throw bizError(`该批次有${settled?.n}条通行费已随运单付款结算入账，不能删除`);
  const gone = await db
    .delete(finEtcRecord)
    .where(ofTenant(finEtcRecord, tenantId, eq(finEtcRecord.importBatch, importBatch)))
    .returning({ id: finEtcRecord.id });
  if (gone.length === 0) throw bizError('未找到该导入批次');
  return gone.length;
}

/** The toll records matched to a waybill: their count and total. */
export async function etcTotalOfNote(
  db: DbOrTx,
  tenantId: number,
  noteId: string,
): Promise<{ count: number; amountFen: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountFen: sql<string>`coalesce(sum(${finEtcRecord.amountFen}), 0)`,
    })
    .from(finEtcRecord)
    .where(ofTenant(finEtcRecord, tenantId, eq(finEtcRecord.noteId, noteId)));
  return { count: Number(row?.count ?? 0), amountFen: Number(row?.amountFen ?? 0) };
}

// ---- settlement at the waybill's payment ---------------------------------------------------------------------

/** A note's matched toll records: those still open (locked for the payment) and the total already settled. */
export interface NoteTolls {
  openIds: string[];
  openFen: number;
  settledFen: number;
}

/** What a payment settles of a note's tolls (payoutPlan.etcDueOf). */
export interface EtcDue {
  recordIds: string[];
  /** The open tolls. */
  tollFen: number;
  /** Of them, what the driver's cash gives up (rule 0; the rest was covered by the order's ETC share). */
  deductFen: number;
  /** etc_rule: 0 deducted, 1 platform. */
  rule: number;
}

/** The matched toll records of the notes, locked in id order (FOR UPDATE) within the payment's transaction. */
export async function lockNoteTolls(
  tx: DbOrTx,
  tenantId: number,
  noteIds: string[],
): Promise<Map<string, NoteTolls>> {
  const rows = await readInChunks(noteIds, (chunk) =>
    tx
      .select({
        id: finEtcRecord.id,
        noteId: finEtcRecord.noteId,
        amountFen: finEtcRecord.amountFen,
        settleState: finEtcRecord.settleState,
      })
      .from(finEtcRecord)
      .where(
        ofTenant(finEtcRecord, tenantId, inArray(finEtcRecord.noteId, chunk), eq(finEtcRecord.matchState, 1)),
      )
      .orderBy(asc(finEtcRecord.id))
      .for('update'),
  );
  const out = new Map<string, NoteTolls>();
  for (const r of rows) {
    const key = r.noteId as string;
    const t = out.get(key) ?? { openIds: [], openFen: 0, settledFen: 0 };
    if (r.settleState === ETC_SETTLE_STATE.settled) t.settledFen += r.amountFen;
    else {
      t.openIds.push(r.id);
      t.openFen += r.amountFen;
    }
    out.set(key, t);
  }
  return out;
}

/** Marks toll records settled by a payout (same transaction as its postings). */
export async function markTollsSettled(
  tx: DbOrTx,
  settled: Array<{ recordIds: string[]; postingId: string; rule: number; payoutId: string }>,
): Promise<void> {
  const now = new Date();
  for (const s of settled)
    for (let i = 0; i < s.recordIds.length; i += 500)
      await tx
        .update(finEtcRecord)
        .set({
          settleState: ETC_SETTLE_STATE.settled,
          settleRule: s.rule,
          settlePayoutId: s.payoutId,
          settlePostingId: s.postingId || null,
          settleTime: now,
          updateTime: now,
        })
        .where(
          and(
            inArray(finEtcRecord.id, s.recordIds.slice(i, i + 500)),
            eq(finEtcRecord.settleState, ETC_SETTLE_STATE.open),
          ),
        );
}
