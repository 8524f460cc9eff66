import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@freight/server/src/app.ts';
import { type AppConfig, loadConfig } from '@freight/server/src/config.ts';
import { type Database, type Db, openDatabase } from '@freight/server/src/platform/db/client.ts';
import { seedDemoAccounts, seedSystem } from '@freight/server/src/seed/seed.ts';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';

export type DbKind = Database['kind'];

export interface BenchServer {
  app: FastifyInstance;
  db: Db;
  kind: DbKind;
  config: AppConfig;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  /** Where the database lives: the PGlite directory or the PostgreSQL database name. */
  location: string;
  /** Whether the database was made by this run (always, except a `keep` database found from an earlier run). */
  fresh: boolean;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** PostgreSQL server to create a throw-away database on; PGlite in a temp dir when absent. */
  adminUrl?: string;
  poolSize?: number;
  /** Data to load after the system and demo seed, before the app is built. */
  seed?: (db: Db) => Promise<void>;
  /** Extra routes (comparison routes, scenario fixtures), added after buildApp and before listen. */
  register?: (app: FastifyInstance, db: Db) => void;
  config?: Partial<AppConfig>;
  /**
   * A database of that name on `adminUrl`'s server kept between runs (created when missing, never dropped),
   * with its personal-number keys in `keysDir` so the rows an earlier run sealed still open. A big seed is
   * then loaded once; the bench decides from `fresh` and its own check whether to load it.
   */
  keep?: { name: string; keysDir: string; reset?: boolean };
}

interface PostgresDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

const withDatabase = (adminUrl: string, name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function onAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** The kept database `name`, created when missing (or dropped first on `reset`); whether it is new. */
async function keptPostgresDatabase(adminUrl: string, name: string, reset: boolean): Promise<boolean> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`bad database name ${name}`);
  return onAdmin(adminUrl, async (admin) => {
    if (reset) await admin.query(`drop database if exists ${name} with (force)`);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`create database ${name}`);
    return true;
  });
}

/** A database of the bench's own on that server, dropped on close, as the test harness does. */
export async function createPostgresDatabase(adminUrl: string): Promise<PostgresDatabase> {
  const name = `freight_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  await onAdmin(adminUrl, (admin) => admin.query(`create database ${name}`));
  return {
    url: withDatabase(adminUrl, name),
    name,
    async drop() {
      await onAdmin(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The real server (every plugin, hook and module) on an ephemeral port of 127.0.0.1. */
export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error('bench cleanup step failed:', error);
      }
    }
  };

  try {
    let url: string | undefined;
    let location: string;
    let dataDir: string | null = null;
    let fresh = true;
    if (options.adminUrl && options.keep) {
      const { name, keysDir, reset = false } = options.keep;
      // Keys made for another copy of the database would not open its sealed rows: a missing key file resets it.
      const keysKnown = existsSync(path.join(keysDir, 'pii-keys.json'));
      fresh = await keptPostgresDatabase(options.adminUrl, name, reset || !keysKnown);
      mkdirSync(keysDir, { recursive: true });
      url = withDatabase(options.adminUrl, name);
      dataDir = keysDir;
      location = `postgres database ${name} (kept)`;
    } else if (options.adminUrl) {
      const pgDb = await createPostgresDatabase(options.adminUrl);
      cleanups.push(() => pgDb.drop());
      url = pgDb.url;
      location = `postgres database ${pgDb.name}`;
    } else {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'freight-bench-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      dataDir = dir;
      location = `pglite in ${dir}`;
    }

    const database = await openDatabase({ url, dataDir, poolSize: options.poolSize });
    cleanups.push(() => database.close());
    await seedSystem(database.db);
    await seedDemoAccounts(database.db);
    if (options.seed) await options.seed(database.db);

    const config = loadConfig(
      {},
      {
        loginCaptcha: false,
        logLevel: 'silent',
        loginRateLimitPerMinute: 1_000_000,
        seedDemo: false,
        ...options.config,
      },
    );
    const { app } = await buildApp(config, database, { logger: false });
    cleanups.push(() => app.close());
    // Fastify accepts routes until ready(): listen() below is what makes the app ready.
    options.register?.(app, database.db);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    return {
      app,
      db: database.db,
      kind: database.kind,
      config,
      baseUrl: `http://127.0.0.1:${port}`,
      location,
      fresh,
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/** Signs in through the HTTP API, as the console does, and returns the token for X-Access-Token. */
export async function login(server: BenchServer, username: string, password: string): Promise<string> {
  const response = await fetch(`${server.baseUrl}${server.config.basePath}/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as {
    success?: boolean;
    message?: string;
    result?: { token?: string };
  };
  const token = body.result?.token;
  if (!response.ok || !body.success || !token) {
    throw new Error(`login ${username} failed: HTTP ${response.status} ${body.message ?? ''}`);
  }
  return token;
}
