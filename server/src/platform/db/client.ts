import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { ensurePiiCipher } from '../crypto/piiColumn.ts';
import { attachArrayRunner, pgliteArrayRunner, postgresArrayRunner } from './arrayQuery.ts';
import { rowsOf } from './rows.ts';
import { attachSessionClock, SessionClock, watchSessions } from './sessionClock.ts';
import { attachWriteClock, isPlainRead, WriteClock } from './writeClock.ts';

/**
 * The one database type both drivers satisfy: services never know which engine runs under them. No schema
 * object: every query names its tables (no relational `db.query.*`), so the platform needs no module's tables.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, which `loadDataDir` opens again. */
  dumpDataDir?(): Promise<Blob>;
}

/** How property names become column names; SQL rendered outside a query builder must use the same. */
export const DB_CASING = 'snake_case';

const migrationsFolder = path.resolve(import.meta.dirname, '../../../drizzle');

/**
 * The first migration is a baseline that replaced the chain 0000_init … 0042_violation_deduction_retry and
 * carries the time of its last step, so a database that ran the whole chain skips it. One that ran only part
 * of the chain would run it over the tables it has and fail: it is refused before anything runs, its connection
 * closed by `close`.
 */
async function refusePartialChain(db: Db, close: () => Promise<void>): Promise<void> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const baseline = journal.entries[0]?.when ?? 0;
  const [table] = rowsOf<{ name: string | null }>(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`),
  );
  if (!table?.name) return;
  const [last] = rowsOf<{ at: string | null }>(
    await db.execute(sql`select max(created_at)::text as at from drizzle.__drizzle_migrations`),
  );
  if (last?.at == null || Number(last.at) >= baseline) return;
  await close();
  throw new Error(
    `The database stopped part-way through the old migration chain (its last migration is from ` +
      `${new Date(Number(last.at)).toISOString()}). Upgrade it first with a release that still has the chain ` +
      `0000_init … 0042_violation_deduction_retry, then start this one.`,
  );
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent the embedded PGlite runs in `dataDir` (or in memory when `dataDir` is null). */
  url?: string;
  dataDir?: string | null;
  poolSize?: number;
  /**
   * PGlite: start from this dump (`Database.dumpDataDir`) instead of an empty database; in a `dataDir`, only
   * when it holds no database yet.
   */
  loadDataDir?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Personal-number columns encrypt and decrypt in the driver mapping: the keys are there before any query.
  await ensurePiiCipher(options.dataDir);
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle connection the server drops (restart, failover, dropped test database) emits 'error' on the
    // pool; unhandled it would end the process. The pool replaces the client on the next checkout.
    pool.on('error', (error) => console.error('database pool: idle client error', error.message));
    await refusePartialChain(drizzlePg(pool), () => pool.end());
    const sessions = new SessionClock();
    const watched = watchSessions(pool, options.url, sessions);
    const pgDb = drizzlePg(watched.pool, { casing: DB_CASING });
    const db: Db = pgDb;
    attachSessionClock(db, sessions);
    attachArrayRunner(db, postgresArrayRunner(pool));
    await migratePg(pgDb, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await watched.stop();
        await pool.end();
      },
    };
  }
  let client: PGlite;
  if (options.dataDir) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    const empty = !existsSync(path.join(dir, 'PG_VERSION'));
    client = new PGlite(dir, options.loadDataDir && empty ? { loadDataDir: options.loadDataDir } : undefined);
  } else {
    client = new PGlite(options.loadDataDir ? { loadDataDir: options.loadDataDir } : undefined);
  }
  await client.waitReady;
  await refusePartialChain(drizzlePglite(client), () => client.close());
  const clock = new WriteClock();
  const pgliteDb = drizzlePglite(countingWrites(client, clock), { casing: DB_CASING });
  const db: Db = pgliteDb;
  attachWriteClock(db, clock);
  // Reads only: the raw client, so read caches keep what they hold.
  attachArrayRunner(db, pgliteArrayRunner(client));
  await migratePglite(pgliteDb, { migrationsFolder });
  const statistics = keepStatisticsFresh(client, clock);
  return {
    db,
    kind: 'pglite',
    close: async () => {
      clearInterval(statistics);
      await client.close();
    },
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}

/** How often the embedded database looks whether its planner statistics need refreshing. */
export const PGLITE_ANALYZE_INTERVAL_MS = 60_000;

/**
 * PostgreSQL's autovacuum re-analyzes tables as they grow; PGlite runs no background workers, so without this
 * its planner would keep the row counts of the empty database the migrations made: bad join orders, and a
 * report cost ceiling (online/reportGuard.ts) that underestimates. Runs only after writes.
 */
function keepStatisticsFresh(client: PGlite, clock: WriteClock): NodeJS.Timeout {
  let analyzedAt = -1;
  let running = false;
  const timer = setInterval(() => {
    if (running || clock.version === analyzedAt || client.closed) return;
    running = true;
    const version = clock.version;
    // On the raw client: statistics are not data, so read caches keep what they hold.
    client
      .exec('analyze')
      .then(() => {
        analyzedAt = version;
      })
      .catch((error: Error) => console.error('pglite: analyze failed', error.message))
      .finally(() => {
        running = false;
      });
  }, PGLITE_ANALYZE_INTERVAL_MS);
  timer.unref();
  return timer;
}

/** A PGlite transaction handle that reports each statement that may have written. */
function watchingWrites<T extends object>(tx: T, wrote: () => void): T {
  return new Proxy(tx, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || !['query', 'exec', 'sql'].includes(String(property))) return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        try {
          return await method(...args);
        } finally {
          if (property !== 'query' || !isPlainRead(String(args[0]))) wrote();
        }
      };
    },
  });
}

/**
 * The PGlite client with every statement that may write (and every transaction that held one) ticking the
 * clock once it has finished, so in-process read caches (writeClock.ts) drop what they hold at once. A
 * read-only transaction (a report) leaves them be.
 */
function countingWrites(client: PGlite, clock: WriteClock): PGlite {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      // PGlite keeps private fields: its methods must run on the instance, not on the proxy.
      const method = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      if (property === 'transaction') {
        return async (work: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
          let wrote = false;
          try {
            return await method(
              (tx: object) =>
                work(
                  watchingWrites(tx, () => {
                    wrote = true;
                  }),
                ),
              ...rest,
            );
          } finally {
            if (wrote) clock.tick();
          }
        };
      }
      if (property !== 'query' && property !== 'exec') return method;
      return async (...args: unknown[]) => {
        try {
          return await method(...args);
        } finally {
          if (property !== 'query' || !isPlainRead(String(args[0]))) clock.tick();
        }
      };
    },
  });
}
