// Every registered route, as admin, as a shipper and (public routes) without a session, gets generated and
// hostile bodies, query strings and path parameters (NUL, huge numbers, 10 000-character strings, wrong types,
// unicode, dates like 0000-00-00). It must never answer 5xx; a refusal is an envelope with a Chinese message;
// a refused request writes no row. FUZZ_RUNS (inputs per route and user) and FUZZ_SEED replay a run;
// FUZZ_BUDGET_S bounds the whole walk: past it, the remaining routes get one input each (never none).
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifySchema, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sysUser } from '../../modules/system/schema.ts';
import type { RouteEntry } from '../../platform/access/declare.ts';
import { grantsOf } from '../../platform/access/grants.ts';
import { issueToken, resolveSession } from '../../platform/auth/session.ts';
import type { Db } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import {
  asQueryValue,
  HOSTILE_PATH_TAILS,
  HOSTILE_STRINGS,
  hostile,
  hostileWithin,
  idLike,
  type JsonSchema,
  plausible,
  useIdPool,
} from './inputs.ts';
import { type WriteWatch, watchWrites } from './writeWatch.ts';

const RUNS = Number(process.env.FUZZ_RUNS || 5);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_S || 120) * 1000;
const SEED = Number(process.env.FUZZ_SEED || 16);
const BASE = '/jeecg-boot';

/** Routes not fuzzed, and why. */
const SKIPPED: Array<[RegExp, string]> = [
  [/^\/jeecg-boot\/doc(\/|$)/, 'the OpenAPI pages (plugin)'],
  [/\/(websocket|vxeSocket)\/|\/socket$/, 'WebSocket upgrades'],
  [/^\/jeecg-boot\/gateway\//, 'proxies to the hosts of configured gateway routes'],
  [/^\/(\*)?$/, 'the console files'],
  [/^\/jeecg-boot\/sys\/logout$/, 'ends the calling session (the auth tests cover it)'],
];

/** Tables a refused request may write by design, and why. */
const WRITES_ON_REFUSAL: Record<string, string> = {
  sys_log: 'the operation and login log records refused calls too',
  sys_login_failure: 'a wrong password counts towards the lockout',
  sys_captcha: 'a captcha is used up by any check, right or wrong',
  // Reads first and writes only what is missing; opening it when the customer is approved would be the better place.
  fin_wallet: "a customer's wallet is opened on the first look at the wallet lists, whatever the query",
  fin_wallet_config: "a customer's wallet settings are copied from its terms on that first look",
};

/**
 * Tables whose rows the fuzzing sessions stand on (the users, their roles and grants, tenants): their ids are
 * not offered, so a generated delete or freeze cannot take the ground from under the rest of the run.
 */
const KEEP =
  /^sys_(user|role|permission|user_role|role_permission|depart|tenant|user_depart|depart_role.*|user_token)$/;

/** A few ids of every other table, for fields named like ids. */
async function existingIds(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.columns
      where table_schema = 'public' and column_name = 'id' and data_type = 'character varying'`),
  );
  const ids: string[] = [];
  for (const { name } of tables) {
    if (KEEP.test(name)) continue;
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`select id from ${sql.identifier(name)} order by id limit 2`),
    );
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** Keys list routes read without declaring them one by one (filters, paging, sorting). */
const QUERY_WORDS = [
  'pageNo',
  'pageSize',
  'column',
  'order',
  'id',
  'ids',
  'keyword',
  'status',
  'createTime_begin',
  'createTime_end',
  'superQueryParams',
  'superQueryMatchType',
  'customerId',
  'tenantId',
  'dictCode',
  'field',
];

function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema) return undefined;
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

/** The fields of a route's resource, from the body its sibling add or edit route declares. */
function resourceKeys(route: RouteEntry, routes: RouteEntry[]): string[] {
  const prefix = route.url.replace(/\/[^/]+$/, '');
  const keys = new Set<string>();
  for (const sibling of routes) {
    if (!sibling.url.startsWith(`${prefix}/`) || !/\/(add|edit)$/.test(sibling.url)) continue;
    for (const key of Object.keys(jsonSchemaOf(sibling.schema.body)?.properties ?? {})) {
      keys.add(key);
      if (/(Time|Date|time|date)$/.test(key)) keys.add(`${key}_begin`).add(`${key}_end`);
    }
  }
  return [...keys];
}

const encodeSegment = (value: unknown): string => {
  try {
    return encodeURIComponent(String(value)) || 'x';
  } catch {
    return 'x'; // a lone surrogate cannot be percent-encoded
  }
};

function requestArbitrary(route: RouteEntry, routes: RouteEntry[]): fc.Arbitrary<InjectOptions> {
  const schema: Pick<FastifySchema, 'body' | 'querystring' | 'params'> = route.schema;
  const paramsSchema = jsonSchemaOf(schema.params);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const params = fc.tuple(
    ...names.map((name) =>
      fc.oneof(
        idLike(name, plausible(paramsSchema?.properties?.[name] ?? { type: 'string' })),
        fc.constantFrom(...HOSTILE_STRINGS),
      ),
    ),
  );
  const tail = route.url.endsWith('*') ? fc.constantFrom(...HOSTILE_PATH_TAILS) : fc.constant('');

  const querySchema = jsonSchemaOf(schema.querystring);
  const queryKeys = [...QUERY_WORDS, ...resourceKeys(route, routes)];
  const query = fc
    .oneof(
      { weight: 1, arbitrary: plausible(querySchema ?? { type: 'object' }) },
      { weight: 4, arbitrary: hostileWithin(querySchema ?? { type: 'object' }, queryKeys) },
    )
    .map((value) => {
      const object =
        value && typeof value === 'object' && !Array.isArray(value) ? value : { [queryKeys[0]]: value };
      return Object.fromEntries(
        Object.entries(object as Record<string, unknown>).map(([k, v]) => [k, asQueryValue(v)]),
      );
    });

  const bodySchema = jsonSchemaOf(schema.body);
  const sendsBody = route.method !== 'GET' && (route.method !== 'DELETE' || bodySchema);
  const body = sendsBody
    ? fc.oneof(
        { weight: 1, arbitrary: plausible(bodySchema ?? { type: 'object' }) },
        { weight: 4, arbitrary: hostileWithin(bodySchema, bodySchema ? [] : queryKeys) },
        { weight: 1, arbitrary: hostile },
      )
    : fc.constant(undefined);

  return fc.record({ params, tail, query, body }).map(({ params: values, tail: rest, query: q, body: b }) => {
    let url = route.url;
    names.forEach((name, i) => {
      url = url.replace(`:${name}`, encodeSegment(values[i]));
    });
    url = url.replace(/\*$/, rest);
    return {
      method: route.method as InjectOptions['method'],
      url,
      query: q as Record<string, string | string[]>,
      ...(b === undefined
        ? {}
        : { payload: JSON.stringify(b) ?? 'null', headers: { 'content-type': 'application/json' } }),
    };
  });
}

const CHINESE = /[\u4e00-\u9fa5]/;

/** What is wrong with an answer, or null. */
function answerProblem(status: number, contentType: string, text: string): string | null {
  if (status >= 500) return `HTTP ${status}: ${text.slice(0, 200)}`;
  const json = contentType.includes('json');
  let envelope: { success?: unknown; message?: unknown; code?: unknown } | null = null;
  if (json) {
    try {
      envelope = JSON.parse(text);
    } catch {
      return `HTTP ${status}: not JSON: ${text.slice(0, 120)}`;
    }
  }
  if (status >= 400 && !json) return `HTTP ${status} without the envelope: ${text.slice(0, 120)}`;
  if (envelope && (status >= 400 || envelope.success === false)) {
    if (envelope.success !== false || typeof envelope.code !== 'number')
      return `refusal not in the envelope: ${text.slice(0, 160)}`;
    if (typeof envelope.message !== 'string' || !CHINESE.test(envelope.message))
      return `refusal without a Chinese message: ${String(envelope.message).slice(0, 160)}`;
  }
  return null;
}

function refused(status: number, text: string): boolean {
  return status >= 400 || text.startsWith('{"success":false');
}

const short = (value: unknown) => {
  const text = JSON.stringify(value, (_k, v) =>
    typeof v === 'string' && v.length > 60 ? `${v.slice(0, 20)}…(${v.length})` : v,
  );
  return text && text.length > 400 ? `${text.slice(0, 400)}…` : text;
};

/** The messages of the errors the server logged (with their causes: drizzle wraps the database's). */
function serverErrors(lines: string[]): string {
  const out: string[] = [];
  for (const line of lines) {
    try {
      let err = JSON.parse(line).err as { message?: string; cause?: unknown; stack?: string } | undefined;
      for (let depth = 0; err && depth < 3; depth++) {
        out.push(`${err.message?.slice(0, 160)} @ ${err.stack?.split('\n')[1]?.trim() ?? ''}`);
        err = err.cause as typeof err;
      }
    } catch {
      out.push(line.slice(0, 160));
    }
  }
  return out.join(' | ');
}

const seedOf = (text: string) => createHash('sha256').update(`${SEED}:${text}`).digest().readInt32LE(0);

describe('route fuzz: bad input is a clear refusal, never a 500, and writes nothing', () => {
  let t: TestApp;
  let watch: WriteWatch;
  const errorLog: string[] = [];
  const users: Array<{ name: string; id: string; token: string; codes: Set<string> }> = [];
  const sessionEnders: string[] = [];
  const timings: Array<[string, number]> = [];
  const fuzzed = new Set<string>();

  beforeAll(async () => {
    t = await startTestApp({}, { errorLog });
    for (const name of ['admin', 'shipper']) {
      const [user] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, name));
      const token = await t.login(name);
      users.push({ name, id: user.id, token, codes: (await grantsOf(t.db, user.id)).codes });
    }
    useIdPool(await existingIds(t.db));
    watch = await watchWrites(t.db);
  });
  afterAll(async () => {
    if (process.env.FUZZ_PROFILE)
      console.log(
        timings
          .sort((a, b) => b[1] - a[1])
          .slice(0, 25)
          .map(([route, ms]) => `${ms.toFixed(0).padStart(6)} ms ${route}`)
          .join('\n'),
      );
    if (sessionEnders.length)
      console.log(`routes that ended the fuzzing session: ${sessionEnders.join(', ')}`);
    await t?.close();
  });

  function fuzzable(): RouteEntry[] {
    return t.app.routeTable.filter(
      (r) => r.url.startsWith(BASE) && !SKIPPED.some(([pattern]) => pattern.test(r.url)),
    );
  }

  async function fuzzRoute(route: RouteEntry, routes: RouteEntry[], problems: string[]): Promise<void> {
    const callers = [
      ...users.map((u) => ({
        user: u as (typeof users)[number] | null,
        allowed:
          route.access === 'public' ||
          route.access === 'login' ||
          (typeof route.access === 'object' && u.codes.has(route.access.perm)),
      })),
      ...(route.access === 'public' ? [{ user: null, allowed: true }] : []),
    ];
    for (const { user, allowed } of callers) {
      const who = user?.name ?? 'anonymous';
      const label = `${route.method} ${route.url} as ${who}`;
      await watch.take();
      const details = await fc.check(
        fc.asyncProperty(requestArbitrary(route, routes), async (request) => {
          const logged = errorLog.length;
          const res = await t.call(user?.token ?? null, request);
          const problem = answerProblem(res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
          if (problem) {
            const cause = serverErrors(errorLog.slice(logged));
            throw new Error(`${problem}${cause ? ` (server: ${cause})` : ''}`);
          }
          const written = await watch.take();
          if (refused(res.statusCode, res.body)) {
            const unexpected = Object.keys(written).filter((table) => !(table in WRITES_ON_REFUSAL));
            if (unexpected.length)
              throw new Error(
                `refused (HTTP ${res.statusCode} ${res.body.slice(0, 100)}) yet wrote ${unexpected.join(', ')}`,
              );
          }
        }),
        { numRuns: allowed && !overBudget() ? RUNS : 1, seed: seedOf(label), endOnFailure: true },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error
            ? details.errorInstance.message
            : String(details.errorInstance);
        problems.push(`${label}: ${error}\n    input: ${short(details.counterexample?.[0])}`);
      }
      if (user && !(await resolveSession(t.db, user.token))) {
        sessionEnders.push(label);
        user.token = await issueToken(t.db, user.id, 3_600_000, {});
      }
    }
  }

  // One test per part of the route table, so a run shows where the time goes and what failed.
  const groups: Array<[string, RegExp]> = [
    [
      'system: users, roles, menus, departments, tenants',
      /^\/sys\/(user|role|permission|sysDepart|depart|position|tenant)/,
    ],
    ['system: the rest', /^\/sys\//],
    ['online reports and forms', /^\/online\//],
    ['shipping notes', /^\/shipping\//],
    ['orders', /^\/order\//],
    ['customers and agents', /^\/(customer|agent)\//],
    [
      'drivers, vehicles, carriers, captains, banks',
      /^\/(hydriver|hyvehicle|carrier|captain|hydriverbank|bank)\//,
    ],
    ['everything else', /./],
  ];
  const groupOf = (route: RouteEntry) =>
    groups.find(([, pattern]) => pattern.test(route.url.slice(BASE.length)))?.[0];
  let started = 0;
  const overBudget = () => performance.now() - started > BUDGET_MS;
  for (const [name] of groups) {
    it(name, { timeout: 300_000 }, async () => {
      started ||= performance.now();
      const routes = fuzzable();
      const problems: string[] = [];
      for (const route of routes.filter((r) => groupOf(r) === name)) {
        const begun = performance.now();
        await fuzzRoute(route, routes, problems);
        timings.push([`${route.method} ${route.url}`, performance.now() - begun]);
        fuzzed.add(`${route.method} ${route.url}`);
      }
      if (overBudget()) console.log(`route fuzz: past its ${BUDGET_MS / 1000} s budget, one input per route`);
      expect(problems, problems.join('\n')).toEqual([]);
    });
  }

  it('walked every route of the table but the skipped ones', () => {
    const all = t.app.routeTable.filter((r) => r.url.startsWith(BASE));
    const missed = fuzzable().filter((r) => !fuzzed.has(`${r.method} ${r.url}`));
    expect(missed).toEqual([]);
    expect(fuzzed.size).toBeGreaterThan(400);
    expect(all.length - fuzzed.size).toBeLessThan(25);
  });
});
