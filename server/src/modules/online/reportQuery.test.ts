// The last line of defence of online reports, tried without the SQL guard in front of it: whatever SQL
// reaches the database runs read-only and under a statement timeout.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../platform/db/rows.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type ReportRequest, runReport } from './reportQuery.ts';
import { compileReportSql } from './reportSql.ts';

/** The database's own message (drizzle wraps it as the cause of "Failed query: …"). */
async function failure(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (error) {
    const e = error as Error & { cause?: Error };
    return `${e.message} / ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}

function request(source: string, column: string): ReportRequest {
  return {
    compiled: compileReportSql(source),
    types: {},
    values: {},
    columns: [{ name: column, pgType: 'integer' }],
    filters: [],
    page: { limit: 10, offset: 0 },
  };
}

describe('report execution', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const users = async () =>
    Number(rowsOf<{ n: number }>(await t.db.execute(sql`select count(*)::int as n from sys_user`))[0].n);

  it('runs in a read-only transaction: a data-changing statement fails and changes nothing', async () => {
    // A writing function inside a plain SELECT: only the transaction mode stops it.
    const sequence = async () =>
      rowsOf<{ v: string }>(
        await t.db.execute(sql`select last_value::text as v from sys_login_failure_id_seq`),
      )[0].v;
    const advanced = await sequence();
    expect(
      await failure(runReport(t.db, request("select nextval('sys_login_failure_id_seq')::int as n", 'n'))),
    ).toMatch(/read-only transaction/);
    expect(await sequence()).toBe(advanced);
    // A data-modifying CTE cannot even run: the report's SQL is always nested as a subquery.
    const before = await users();
    const refused = await failure(
      runReport(
        t.db,
        request('with gone as (delete from sys_user returning 1 as n) select n from gone', 'n'),
      ),
    );
    expect(refused).toMatch(/data-modifying statement must be at the top level|read-only transaction/);
    expect(await users()).toBe(before);
  });

  it('stops a statement that runs past the timeout (PostgreSQL; the embedded database cannot interrupt)', async (ctx) => {
    if (t.kind !== 'postgres') ctx.skip();
    const started = Date.now();
    expect(await failure(runReport(t.db, request('select 1 as n from pg_sleep(60)', 'n')))).toMatch(
      /statement timeout/,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 40_000);
});
