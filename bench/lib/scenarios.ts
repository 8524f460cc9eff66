import { sysUser } from '@freight/server/src/modules/system/schema.ts';
import type { Db } from '@freight/server/src/platform/db/client.ts';
import { eq, getTableColumns } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoadOptions } from './load.ts';
import type { BulkUsersResult } from './seedUsers.ts';
import type { BenchServer, DbKind } from './server.ts';

export interface ScenarioContext {
  server: BenchServer;
  /** Admin's token, sent as X-Access-Token by scenarios with `auth`. */
  token: string;
  users: BulkUsersResult;
}

/** One measured route. Add an entry to a scenario list to measure another route. */
export interface Scenario {
  name: string;
  method?: LoadOptions['method'];
  /** From the server root (the API's base path included). */
  path: string | ((ctx: ScenarioContext) => string);
  body?: unknown;
  /** Send the admin token (default true). */
  auth?: boolean;
  /** Response bodies must contain `"success":true` (default true); refusals come back as 200 envelopes. */
  expectSuccess?: boolean;
  /** The comparison route every other scenario's requests/s is set against. */
  baseline?: boolean;
  /** Routes the scenario needs, added to the app after buildApp and before listen. */
  register?: (app: FastifyInstance, db: Db) => void;
  /** Data or state to prepare once the server runs and admin is signed in. */
  setup?: (ctx: ScenarioContext) => Promise<void>;
}

/** A performance goal on one scenario; only the databases listed decide PASS/FAIL (others show it as info). */
export interface Target {
  scenario: string;
  databases: DbKind[];
  /** Lowest share of the baseline's requests/s. */
  minRatio?: number;
  maxP99Ms?: number;
}

export const BARE_PATH = '/bench/bare';

/**
 * The floor any route of this app can reach: one primary-key read from the same database through the
 * same platform (guard with its session lookup, serializer, helmet, error and audit hooks) and nothing else.
 */
function registerBareRoute(app: FastifyInstance, db: Db, userId: string): void {
  const { password: _password, ...columns } = getTableColumns(sysUser);
  app.get(BARE_PATH, { config: { access: 'public' } }, async () => {
    const [row] = await db.select(columns).from(sysUser).where(eq(sysUser.id, userId)).limit(1);
    return { success: true, code: 200, message: 'ok', result: row ?? null, timestamp: Date.now() };
  });
}

/** The routes of `npm run bench:api`; `sampleUserId` is the row the bare route reads. */
export function apiScenarios(sampleUserId: string): Scenario[] {
  return [
    {
      name: 'bare (1 row by pk)',
      path: BARE_PATH,
      baseline: true,
      register: (app, db) => registerBareRoute(app, db, sampleUserId),
    },
    {
      name: 'getUserPermissionByToken',
      path: (ctx) => `${ctx.server.config.basePath}/sys/permission/getUserPermissionByToken`,
    },
    {
      name: 'sys/user/list',
      path: (ctx) => `${ctx.server.config.basePath}/sys/user/list?pageNo=1&pageSize=10`,
    },
  ];
}

export const apiTargets: Target[] = [
  { scenario: 'sys/user/list', databases: ['pglite'], minRatio: 0.35 },
  { scenario: 'sys/user/list', databases: ['pglite'], maxP99Ms: 50 },
];
