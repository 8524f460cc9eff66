import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { rowsOf } from './rows.ts';

const journalFile = path.resolve(import.meta.dirname, '../../../drizzle/meta/_journal.json');
const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; when: number }[] };
const baseline = journal.entries[0];
/** When 0041_violation_deduction, the step before the last of the chain the baseline replaced, was made. */
const STEP_BEFORE_LAST = 1795799832919;

/** An empty embedded database whose migration table records one migration made at `when`. */
async function databaseThatRanUpTo(when: number): Promise<Blob> {
  const client = new PGlite();
  await client.exec(
    'create schema drizzle; create table drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
    'chain',
    when,
  ]);
  const dump = await client.dumpDataDir('none');
  await client.close();
  return dump;
}

async function migrationsAndUsersTable(database: Database) {
  const recorded = rowsOf<{ created_at: string }>(
    await database.db.execute(sql`select created_at from drizzle.__drizzle_migrations order by id`),
  );
  const [users] = rowsOf<{ name: string | null }>(
    await database.db.execute(sql`select to_regclass('sys_user')::text as name`),
  );
  return { migrations: recorded.map((row) => Number(row.created_at)), users: users?.name ?? null };
}

describe('migration baseline', () => {
  it('is the first journal entry and carries the time of the last step of the chain it replaced', () => {
    expect(baseline).toMatchObject({ tag: '0000_baseline', when: 1795830408764 });
    expect(STEP_BEFORE_LAST).toBeLessThan(baseline?.when ?? 0);
  });

  it('builds an empty database in one step', async () => {
    const database = await openDatabase({ dataDir: null });
    try {
      expect(await migrationsAndUsersTable(database)).toEqual({
        migrations: [baseline?.when],
        users: 'sys_user',
      });
    } finally {
      await database.close();
    }
  });

  it('runs nothing on a database that ran the whole chain it replaced', async () => {
    const database = await openDatabase({
      dataDir: null,
      loadDataDir: await databaseThatRanUpTo(baseline?.when ?? 0),
    });
    try {
      expect(await migrationsAndUsersTable(database)).toEqual({ migrations: [baseline?.when], users: null });
    } finally {
      await database.close();
    }
  });

  it('refuses a database that stopped part-way through that chain, saying how to upgrade it', async () => {
    const partway = await databaseThatRanUpTo(STEP_BEFORE_LAST);
    await expect(openDatabase({ dataDir: null, loadDataDir: partway })).rejects.toThrow(
      'Upgrade it first with a release that still has the chain 0000_init … 0042_violation_deduction_retry',
    );
  });
});
