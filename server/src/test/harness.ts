import { randomBytes } from 'node:crypto';
import { DEMO_PASSWORD } from '@freight/contracts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type AppConfig, loadConfig } from '../config.ts';
import type { AppContext } from '../platform/context.ts';
import { type Db, openDatabase } from '../platform/db/client.ts';
import { seedDemoAccounts, seedSystem } from '../seed/seed.ts';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  kind: 'pglite' | 'postgres';
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

export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDb = adminUrl ? await createPostgresDatabase(adminUrl) : null;
  const database = await openDatabase({ url: pgDb?.url, dataDir: null, poolSize: 5 });
  await seedSystem(database.db);
  await seedDemoAccounts(database.db);
  const config = loadConfig(
    {},
    {
      loginCaptcha: false,
      logLevel: 'silent',
      loginRateLimitPerMinute: 1000,
      scheduler: false,
      ...overrides,
    },
  );
  const { app, ctx } = await buildApp(config, database, { logger: false });
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
    config,
    ctx,
    call,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: '/jeecg-boot/sys/login',
        payload: { username, password },
      });
      const body = res.json();
      if (!body.success) throw new Error(`login ${username} failed: ${body.message}`);
      return body.result.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await pgDb?.drop();
    },
  };
}
