import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

// A scratch database on the local PostgreSQL server, beside the test app, for the tests of configured data
// sources: created with its tables before the tests of the enclosing `describe`, dropped after them.

const ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement batch on `url`, on a connection of its own. */
export async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ExternalDb {
  /** Where it is, null when no server answered. */
  db: { url: URL; name: string } | null;
  /** Why there is none ('' when there is one): the tests that need it skip with this. */
  missing: string;
}

/** A database named `<prefix>_<pid>_<random>`, set up by `setupSql` (several statements may follow each other). */
export function useExternalDb(prefix: string, setupSql: string): ExternalDb {
  const external: ExternalDb = { db: null, missing: '' };
  beforeAll(async () => {
    const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
    try {
      await adminQuery(ADMIN_URL, `create database ${name}`);
    } catch (error) {
      external.missing = `no PostgreSQL at ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')}: ${(error as Error).message}`;
      return;
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    external.db = { url, name };
    await adminQuery(url.toString(), setupSql);
  }, 60_000);
  afterAll(async () => {
    const name = external.db?.name;
    if (name) await adminQuery(ADMIN_URL, `drop database if exists ${name} with (force)`).catch(() => {});
  });
  return external;
}

/** The connection fields of a data source on this database, as the data source form sends them. */
export function connectionOf(db: NonNullable<ExternalDb['db']>) {
  return {
    dbType: 'postgresql',
    dbHost: db.url.hostname,
    dbPort: Number(db.url.port || 5432),
    dbName: db.name,
    dbUsername: decodeURIComponent(db.url.username || 'postgres'),
    dbPassword: decodeURIComponent(db.url.password) || null,
  };
}
