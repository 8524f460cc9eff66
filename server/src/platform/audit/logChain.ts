import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sysLog, sysLogMonth } from './schema.ts';

// Operation and login logs (sys_log) are hash-chained per month: each row's hash covers its fields and the
// hash of the row before it in the month, so a changed, removed or inserted row breaks the chain from there
// on. Rows are written without hashes (no lock on the request path) and sealed in order by sealLogs,
// which the scheduler runs every minute and verify/archive run first. A month older than the online period
// (LOG_ONLINE_MONTHS, at least 6) is written to DATA_DIR/log-archive/sys_log-yyyymm.jsonl.gz, checked,
// and removed from the table; the log screen still searches and verifies it there.

const CHINA_OFFSET_MS = 8 * 3_600_000;
const SEAL_BATCH = 2000;

export type LogRow = typeof sysLog.$inferSelect;

/** yyyymm of a time, in China time (the month the business means). */
export function monthKeyOf(time: Date): number {
  const d = new Date(time.getTime() + CHINA_OFFSET_MS);
  return d.getUTCFullYear() * 100 + d.getUTCMonth() + 1;
}

/** The month `months` before `key` (yyyymm). */
export function monthsBefore(key: number, months: number): number {
  const index = Math.floor(key / 100) * 12 + ((key % 100) - 1) - months;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

/** The hash of one row: its content, its place and the hash before it. */
export function rowHashOf(row: LogRow, prevHash: string | null): string {
  const content = [
    row.id,
    row.logType,
    row.logContent,
    row.operateType,
    row.userid,
    row.username,
    row.ip,
    row.method,
    row.requestUrl,
    row.requestParam,
    row.statusCode,
    row.success,
    row.costTime,
    new Date(row.createTime).toISOString(),
    row.monthKey,
    row.chainSeq,
    prevHash ?? '',
  ];
  return createHash('sha256').update(JSON.stringify(content)).digest('hex');
}

/** Chains every row written since the last seal; answers how many it sealed. */
export async function sealLogs(db: Db): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sys_log.chain'))`);
      const rows = await tx
        .select()
        .from(sysLog)
        .where(isNull(sysLog.rowHash))
        .orderBy(asc(sysLog.createTime), asc(sysLog.id))
        .limit(SEAL_BATCH);
      const heads = new Map<number, { lastSeq: number; lastHash: string | null }>();
      for (const row of rows) {
        const month = monthKeyOf(new Date(row.createTime));
        let head = heads.get(month);
        if (!head) {
          const [stored] = await tx.select().from(sysLogMonth).where(eq(sysLogMonth.monthKey, month));
          head = { lastSeq: stored?.lastSeq ?? 0, lastHash: stored?.lastHash ?? null };
          if (!stored) await tx.insert(sysLogMonth).values({ monthKey: month }).onConflictDoNothing();
          heads.set(month, head);
        }
        const next = { ...row, monthKey: month, chainSeq: head.lastSeq + 1 };
        const hash = rowHashOf(next, head.lastHash);
        await tx
          .update(sysLog)
          .set({ monthKey: month, chainSeq: next.chainSeq, prevHash: head.lastHash, rowHash: hash })
          .where(eq(sysLog.id, row.id));
        head.lastSeq = next.chainSeq;
        head.lastHash = hash;
      }
      for (const [month, head] of heads)
        await tx
          .update(sysLogMonth)
          .set({ lastSeq: head.lastSeq, lastHash: head.lastHash })
          .where(eq(sysLogMonth.monthKey, month));
      return rows.length;
    });
    sealed += count;
    if (count < SEAL_BATCH) return sealed;
  }
}

export interface VerifyResult {
  month: number;
  /** 'online' (in sys_log) or 'archive' (in its compressed file). */
  source: 'online' | 'archive';
  rows: number;
  ok: boolean;
  /** The first row whose chain does not hold, and why. */
  brokenAt?: { seq: number; id: string | null; reason: string };
}

/** Checks a month's rows, in chain order, against their hashes and the month's head. */
export function verifyRows(
  month: number,
  rows: LogRow[],
  head: { lastSeq: number; lastHash: string | null },
  source: VerifyResult['source'],
): VerifyResult {
  let prev: string | null = null;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    const seq = i + 1;
    const broken = (reason: string): VerifyResult => ({
      month,
      source,
      rows: rows.length,
      ok: false,
      brokenAt: { seq, id: row.id, reason },
    });
    if (row.chainSeq !== seq) return broken('序号不连续（有记录被删除或插入）');
    if ((row.prevHash ?? null) !== prev) return broken('前一条的哈希不符');
    if (rowHashOf(row, prev) !== row.rowHash) return broken('记录内容与哈希不符（已被修改）');
    prev = row.rowHash;
  }
  if (rows.length !== head.lastSeq || prev !== head.lastHash)
    return {
      month,
      source,
      rows: rows.length,
      ok: false,
      brokenAt: { seq: rows.length + 1, id: null, reason: '月末记录与链头不符（有记录被删除）' },
    };
  return { month, source, rows: rows.length, ok: true };
}

function archiveDir(dataDir: string): string {
  return path.join(dataDir, 'log-archive');
}

function archiveFileName(month: number): string {
  return `sys_log-${month}.jsonl.gz`;
}

/** The rows of an archived month, in chain order. */
export async function readArchive(dataDir: string, month: number): Promise<LogRow[]> {
  const file = path.join(archiveDir(dataDir), archiveFileName(month));
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  const rows: LogRow[] = [];
  for await (const line of lines) {
    if (!line) continue;
    const raw = JSON.parse(line) as LogRow & { createTime: string };
    rows.push({ ...raw, createTime: new Date(raw.createTime) });
  }
  return rows;
}

async function sha256File(file: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
}

/** Seals what is pending, then checks one month (online or archived). */
export async function verifyMonth(db: Db, dataDir: string, month: number): Promise<VerifyResult> {
  await sealLogs(db);
  const [head] = await db.select().from(sysLogMonth).where(eq(sysLogMonth.monthKey, month));
  if (!head) return { month, source: 'online', rows: 0, ok: true };
  const stored = { lastSeq: head.lastSeq, lastHash: head.lastHash };
  if (head.archiveFile) {
    const file = path.join(archiveDir(dataDir), head.archiveFile);
    const found = await stat(file).catch(() => null);
    if (!found)
      return {
        month,
        source: 'archive',
        rows: 0,
        ok: false,
        brokenAt: { seq: 0, id: null, reason: '归档文件缺失' },
      };
    if ((await sha256File(file)) !== head.archiveSha256)
      return {
        month,
        source: 'archive',
        rows: head.archivedRows ?? 0,
        ok: false,
        brokenAt: { seq: 0, id: null, reason: '归档文件的SHA-256与登记不符（文件被改动）' },
      };
    return verifyRows(month, await readArchive(dataDir, month), stored, 'archive');
  }
  const rows = await db.select().from(sysLog).where(eq(sysLog.monthKey, month)).orderBy(asc(sysLog.chainSeq));
  return verifyRows(month, rows, stored, 'online');
}

export interface ArchiveOutcome {
  archived: Array<{ month: number; rows: number; file: string }>;
  /** Months whose chain did not verify: kept online for an investigation, never archived. */
  refused: VerifyResult[];
}

/**
 * Archives every sealed month older than `onlineMonths` full months (never fewer than 6): the month's rows
 * go to a gzip'd JSON-lines file, the file is read back and verified, its SHA-256 registered, and only then
 * are the rows removed from sys_log.
 */
export async function archiveLogs(
  db: Db,
  dataDir: string,
  onlineMonths: number,
  now = new Date(),
): Promise<ArchiveOutcome> {
  await sealLogs(db);
  const keep = Math.max(6, onlineMonths);
  const before = monthsBefore(monthKeyOf(now), keep);
  const months = await db
    .select()
    .from(sysLogMonth)
    .where(and(lt(sysLogMonth.monthKey, before), isNull(sysLogMonth.archiveFile)))
    .orderBy(asc(sysLogMonth.monthKey));
  const outcome: ArchiveOutcome = { archived: [], refused: [] };
  if (months.length === 0) return outcome;
  await mkdir(archiveDir(dataDir), { recursive: true });
  for (const head of months) {
    const month = head.monthKey;
    const check = await verifyMonth(db, dataDir, month);
    if (!check.ok) {
      outcome.refused.push(check);
      continue;
    }
    const rows = await db
      .select()
      .from(sysLog)
      .where(eq(sysLog.monthKey, month))
      .orderBy(asc(sysLog.chainSeq));
    const name = archiveFileName(month);
    const file = path.join(archiveDir(dataDir), name);
    const partial = `${file}.partial`;
    await pipeline(
      (async function* () {
        for (const row of rows) yield `${JSON.stringify(row)}\n`;
      })(),
      createGzip(),
      createWriteStream(partial),
    );
    await rename(partial, file);
    const back = verifyRows(month, await readArchive(dataDir, month), head, 'archive');
    if (!back.ok) {
      outcome.refused.push(back);
      continue;
    }
    const digest = await sha256File(file);
    await db.transaction(async (tx) => {
      await tx
        .update(sysLogMonth)
        .set({ archiveFile: name, archiveSha256: digest, archivedRows: rows.length, archivedAt: new Date() })
        .where(eq(sysLogMonth.monthKey, month));
      await tx.delete(sysLog).where(eq(sysLog.monthKey, month));
    });
    outcome.archived.push({ month, rows: rows.length, file: name });
  }
  return outcome;
}

export interface ArchiveQuery {
  logType?: number;
  username?: string;
  logContent?: string;
  ip?: string;
  requestUrl?: string;
  success?: number;
  pageNo: number;
  pageSize: number;
}

/** Searches an archived month as the log screen searches the table: contains-matches, newest first. */
export async function searchArchive(
  dataDir: string,
  month: number,
  query: ArchiveQuery,
): Promise<{ records: LogRow[]; total: number }> {
  // The list's like-search sends `*part*`, as it does to the table.
  const has = (value: string | null, raw: string | undefined) => {
    const part = raw?.replace(/^\*+|\*+$/g, '');
    return !part || (value ?? '').toLowerCase().includes(part.toLowerCase());
  };
  const rows = (await readArchive(dataDir, month)).filter(
    (r) =>
      (query.logType === undefined || r.logType === query.logType) &&
      (query.success === undefined || r.success === query.success) &&
      has(r.username, query.username) &&
      has(r.logContent, query.logContent) &&
      has(r.ip, query.ip) &&
      has(r.requestUrl, query.requestUrl),
  );
  rows.reverse();
  const start = (query.pageNo - 1) * query.pageSize;
  return { records: rows.slice(start, start + query.pageSize), total: rows.length };
}
