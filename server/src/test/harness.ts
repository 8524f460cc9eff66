import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, LOGIN_PASSWORD_CHANGE_CODE } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import { sysUser } from '../modules/system/schema.ts';
import type { AppContext } from '../platform/context.ts';
import { type Db, openDatabase } from '../platform/db/client.ts';
import { seedDemoAccounts, seedSystem } from '../seed/seed.ts';

/** A path under the API base path of the test apps. */
export const api = (path: string) => `/jeecg-boot${path}`;

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the URL of this app's own database (a second instance may open it too). */
  databaseUrl?: string;
  config: AppConfig;
  ctx: AppContext;
  login(username: string, password?: string): Promise<string>;
  call(token: string | null, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite by default; with TEST_DATABASE_URL, a database of its
 * own on that PostgreSQL server, created here and dropped on close, so runs never collide.
 */
async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `freight_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const TEMPLATE_DIR = path.join(REPO_ROOT, 'node_modules/.cache/pglite-test-template');

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && /\.(ts|sql|json)$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/** Changes with any migration, any server or contracts source, and the day (seeds stamp "today"). */
async function templateKey(): Promise<string> {
  const hash = createHash('sha256').update(new Date().toDateString());
  for (const dir of ['server/drizzle', 'server/src', 'packages/contracts/src'])
    for (const file of await sourceFiles(path.join(REPO_ROOT, dir)))
      hash.update(file).update(await readFile(file));
  return hash.digest('hex').slice(0, 16);
}

/**
 * The migrated and seeded embedded database as a tarball, made once per source version and reused by
 * every test file: opening it takes a sixth of migrating and seeding an empty one.
 */
let templateOfProcess: Promise<Blob> | undefined;
function pgliteTemplate(): Promise<Blob> {
  // Test files of one worker share their modules: the sources are hashed and the tarball read once.
  templateOfProcess ??= loadOrMakeTemplate();
  templateOfProcess.catch(() => {
    templateOfProcess = undefined;
  });
  return templateOfProcess;
}

async function loadOrMakeTemplate(): Promise<Blob> {
  const key = await templateKey();
  const file = path.join(TEMPLATE_DIR, `${key}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // not made yet for this version
  }
  const fresh = await openDatabase({ dataDir: null });
  await seedSystem(fresh.db);
  await seedDemoAccounts(fresh.db);
  const dump = await fresh.dumpDataDir?.();
  await fresh.close();
  if (!dump) throw new Error('PGlite did not dump its data directory');
  await mkdir(TEMPLATE_DIR, { recursive: true });
  for (const old of await readdir(TEMPLATE_DIR))
    if (!old.startsWith(key)) await rm(path.join(TEMPLATE_DIR, old), { force: true });
  // Written aside and renamed: test files in other workers may be reading the same name.
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await rename(partial, file);
  return dump;
}

/**
 * `errorLog`: the server's error log lines (unhandled errors with their stack) are pushed here, for tests that
 * report why a call failed. `sharedDatabaseUrl`: a second server instance on the PostgreSQL database of
 * another test app (its `databaseUrl`), neither seeded nor dropped by this one.
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  options: { errorLog?: string[]; sharedDatabaseUrl?: string; pgliteOnDisk?: boolean } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const shared = options.sharedDatabaseUrl;
  const pgDb = shared ? null : adminUrl ? await createPostgresDatabase(adminUrl) : null;
  // Uploads and the SMS outbox of this app only, gone with it.
  const ownDataDir = overrides.dataDir ? null : await mkdtemp(path.join(tmpdir(), 'freight-test-'));
  const dataDir = overrides.dataDir ?? (ownDataDir as string);
  const onDisk = options.pgliteOnDisk && !pgDb && !shared;
  const database = await openDatabase({
    url: shared ?? pgDb?.url,
    // On disk (DATA_DIR/pglite, as the server keeps it) when a test needs the files, e.g. a backup.
    dataDir: onDisk ? dataDir : null,
    poolSize: 5,
    loadDataDir: pgDb || shared ? undefined : await pgliteTemplate(),
  });
  if (pgDb) {
    await seedSystem(database.db);
    await seedDemoAccounts(database.db);
  }
  const defaults = loadConfig({});
  const config = loadConfig(
    {},
    {
      loginCaptcha: false,
      logLevel: 'silent',
      loginRateLimitPerMinute: 1000,
      scheduler: false,
      // Codes reach the tests the way they reach a phone: through the channel, never through sys_sms.
      sms: { ...defaults.sms, channel: 'outbox' },
      dataDir,
      ...overrides,
    },
  );
  const errorLog = options.errorLog;
  const { app, ctx } = await buildApp(
    errorLog ? { ...config, logLevel: 'error' } : config,
    database,
    errorLog ? { logStream: { write: (line) => void errorLog.push(line) } } : { logger: false },
  );
  await app.ready();

  const call: TestApp['call'] = (token, options) =>
    app.inject({
      ...options,
      headers: { ...(token ? { 'x-access-token': token } : {}), ...(options.headers ?? {}) },
    });

  return {
    app,
    db: database.db,
    kind: database.kind,
    databaseUrl: shared ?? pgDb?.url,
    config,
    ctx,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const attempt = () =>
        app.inject({ method: 'POST', url: '/jeecg-boot/sys/login', payload: { username, password } });
      let body = (await attempt()).json();
      if (body.success && body.code === LOGIN_PASSWORD_CHANGE_CODE) {
        // An account an administrator just made has an initial password, which only buys a change token
        // until it is changed. Tests that sign in as such an account act as its owner after the change.
        await database.db
          .update(sysUser)
          .set({ passwordChangedAt: new Date() })
          .where(eq(sysUser.username, username));
        body = (await attempt()).json();
      }
      if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
      if (ownDataDir) await rm(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** The first start after a source change also migrates and seeds the template database every file opens. */
const START_TIMEOUT_MS = 300_000;

/**
 * The test app of the enclosing `describe`: started before its tests and closed after them. The answer
 * stands for that app from the first hook on (reading it earlier throws), so a block declares it in one line.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  options: Parameters<typeof startTestApp>[1] = {},
): TestApp {
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp(overrides, options);
  }, START_TIMEOUT_MS);
  afterAll(() => started?.close());
  // Every member is read from the started app at the time of use (its methods do not rely on `this`).
  return new Proxy({} as TestApp, {
    get(_, member) {
      if (!started) throw new Error('the test app starts in beforeAll: use it inside hooks and tests');
      return Reflect.get(started, member);
    },
  });
}

/** Session tokens of demo accounts (name → username), signed in before the tests of the enclosing `describe`. */
export function useLogins<N extends string>(t: TestApp, usernames: Record<N, string>): Record<N, string> {
  const tokens = {} as Record<N, string>;
  beforeAll(async () => {
    for (const [name, username] of Object.entries(usernames) as Array<[N, string]>)
      tokens[name] = await t.login(username);
  });
  return tokens;
}
