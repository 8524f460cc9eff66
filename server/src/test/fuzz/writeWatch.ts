// Notes every row a request writes, per table, so a test can prove a refused request wrote nothing. A row
// trigger on every table of the test database logs the table's name inside the writing transaction: a write
// that was rolled back leaves no note.
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';

export interface WriteWatch {
  /** Tables written since the last call, with their row counts; clears the notes. */
  take(): Promise<Record<string, number>>;
}

export async function watchWrites(db: Db): Promise<WriteWatch> {
  await db.execute(sql`create table fuzz_write (tbl text not null)`);
  await db.execute(
    sql.raw(`create function fuzz_note_write() returns trigger language plpgsql as $$
      begin insert into fuzz_write (tbl) values (tg_table_name); return null; end $$`),
  );
  const tables = rowsOf<{ name: string }>(
    await db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename <> 'fuzz_write'`,
    ),
  );
  for (const { name } of tables) {
    await db.execute(
      sql`create trigger fuzz_watch after insert or update or delete on ${sql.identifier(name)}
          for each row execute function fuzz_note_write()`,
    );
  }
  return {
    async take() {
      const rows = rowsOf<{ tbl: string; n: number }>(
        await db.execute(sql`select tbl, count(*)::int as n from fuzz_write group by tbl`),
      );
      if (rows.length === 0) return {};
      await db.execute(sql`delete from fuzz_write`);
      return Object.fromEntries(rows.map((r) => [r.tbl, Number(r.n)]));
    },
  };
}
