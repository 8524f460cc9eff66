import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { FinanceKit } from '../modules/finance/financeTestKit.ts';
import { sysGatewayRoute } from '../modules/system/adminSchema.ts';
import { createBackup, defaultBackupFile, restoreBackup } from '../platform/backup/backup.ts';
import type { Db } from '../platform/db/client.ts';
import { rowsOf } from '../platform/db/rows.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { commonUpload, PNG } from './kit.ts';
import { CUSTOMERS } from './shippingKit.ts';

// `npm run backup` / `npm run restore` on the database the suite runs on (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): money moved and a file uploaded, backed up, changed, restored; every table counts the
// rows it had, the ledger balances and the file is back.

/** Rows of every table of the database (the migrations' own bookkeeping included). */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
          order by 1, 2`,
    ),
  );
  const counts: Record<string, number> = {};
  for (const { schema, name } of tables) {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(name)}`),
    );
    counts[`${schema}.${name}`] = Number(row.n);
  }
  return counts;
}

async function upload(t: TestApp, token: string): Promise<string> {
  const res = await commonUpload(t, token, { data: PNG, name: 'a.png', type: 'image/png', biz: 'backup' });
  expect(res.json().success, res.json().message).toBe(true);
  return res.json().message as string;
}

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
// A PostgreSQL backup needs its client tools on this machine (the suite's server may be elsewhere).
const toolsMissing =
  kind === 'postgres' && spawnSync('pg_dump', ['--version']).status !== 0 ? 'no pg_dump on this machine' : '';
if (toolsMissing) console.warn(`backup tests skipped: ${toolsMissing}`);

describe.skipIf(toolsMissing !== '')(
  `backup and restore (${kind}${toolsMissing ? `; skipped: ${toolsMissing}` : ''})`,
  () => {
    const cleanup: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const step of cleanup.reverse()) await step();
    });

    it('round-trips the database and the uploads: row counts, ledger and files as they were', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'freight-backup-test-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const open = () => startTestApp({ dataDir }, { pgliteOnDisk: true });
      const t = await open();
      // PostgreSQL: this app owns the test database (dropped on close) and stays open; PGlite: closed below.
      let closed = false;
      cleanup.push(async () => {
        if (!closed) await t.close();
      });
      const target = { dataDir, databaseUrl: t.databaseUrl };
      expect(defaultBackupFile(target, new Date('2026-03-04T05:06:07Z'))).toBe(
        path.join(dataDir, 'backups', `freight-${kind}-20260304-050607.tar.gz`),
      );

      const k = new FinanceKit(t, await t.login('admin'));
      await k.recharge(CUSTOMERS.hengda, 1_234_567);
      await k.recharge(CUSTOMERS.eastSteel, 250_000);
      const file = await upload(t, await t.login('admin'));
      await k.ledgerCheck();
      const before = await rowCounts(t.db);
      expect(before['public.fin_ledger_line']).toBeGreaterThan(0);

      // The embedded database belongs to one process: the server stops before a backup or a restore.
      if (kind === 'pglite') {
        await t.close();
        closed = true;
      }
      const backupFile = path.join(dataDir, 'backups', 'round-trip.tar.gz');
      const { manifest } = await createBackup(target, backupFile);
      expect(manifest).toMatchObject({ format: 'freight-backup', kind, uploads: 1 });

      if (kind === 'postgres') {
        // Change everything a restore must undo: more money, a new row, a lost file.
        await k.recharge(CUSTOMERS.hengda, 99_900);
        await t.db.insert(sysGatewayRoute).values({
          routerId: 'after-backup',
          name: '备份之后',
          uri: 'http://127.0.0.1:9',
          predicates: '[]',
          stripPrefix: 0,
        });
        expect(await rowCounts(t.db)).not.toEqual(before);
      } else {
        // The embedded database lost with its directory (replacing a live one: the CLI's own check, and
        // opening a large on-disk PGlite once more would double this test's time).
        await rm(path.join(dataDir, 'pglite'), { recursive: true, force: true });
      }
      await rm(path.join(dataDir, 'upload', file));

      const { keptAside } = await restoreBackup(target, backupFile);
      expect(keptAside.length).toBeGreaterThan(0);
      // A fresh instance on the restored data (PostgreSQL: a second one on the same database).
      const after =
        kind === 'pglite'
          ? await open()
          : await startTestApp({ dataDir }, { sharedDatabaseUrl: t.databaseUrl });
      cleanup.push(() => after.close());
      expect(await rowCounts(after.db)).toEqual(before);
      await new FinanceKit(after, await after.login('admin')).ledgerCheck();
      expect(await readFile(path.join(dataDir, 'upload', file))).toEqual(PNG);
    }, 300_000);

    it('refuses a missing backup file, and leaves no archive when there is nothing to dump', async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'freight-backup-test-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const junk = path.join(dataDir, 'junk.tar.gz');
      await expect(restoreBackup({ dataDir }, junk)).rejects.toThrow(/no backup file/);
      // An empty data directory has no embedded database to back up; a server that does not answer none to dump.
      await expect(createBackup({ dataDir }, junk)).rejects.toThrow(/no embedded database/);
      await expect(
        createBackup({ dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' }, junk),
      ).rejects.toThrow(/pg_dump failed/);
      expect(existsSync(junk)).toBe(false);
    });
  },
);
