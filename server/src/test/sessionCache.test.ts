import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { sysUser } from '../modules/system/schema.ts';
import { type Database, openDatabase } from '../platform/db/client.ts';
import { listeningSessionClockOf } from '../platform/db/sessionClock.ts';
import { api, startTestApp, type TestApp, useTestApp } from './harness.ts';

// Sessions are answered from memory (the call every page makes first must not wait on the database), yet a
// logout, a freeze or a deletion ends a session at once: on the instance that made the change, and, on
// PostgreSQL, on every other instance of the same database.
const MENU = api('/sys/permission/getUserPermissionByToken');

async function status(app: FastifyInstance, token: string): Promise<number> {
  return (await app.inject({ url: MENU, headers: { 'x-access-token': token } })).statusCode;
}

/**
 * Signs operations01 in, has `remembering` answer (and so remember) the session, then logs out on `t.app`,
 * which refuses the token at once. Returns the token.
 */
async function logOutRemembered(t: TestApp, remembering: FastifyInstance): Promise<string> {
  const token = await t.login('operations01');
  expect(await status(remembering, token)).toBe(200);
  expect(await status(remembering, token)).toBe(200);
  await t.app.inject({ method: 'POST', url: api('/sys/logout'), headers: { 'x-access-token': token } });
  expect(await status(t.app, token)).toBe(401);
  return token;
}

describe('remembered sessions end at once', () => {
  const t = useTestApp();

  it('a logged-out token and a frozen user are refused on the next call', async () => {
    await logOutRemembered(t, t.app);

    const again = await t.login('operations01');
    expect(await status(t.app, again)).toBe(200);
    await t.db.update(sysUser).set({ status: 2 }).where(eq(sysUser.username, 'operations01'));
    expect(await status(t.app, again)).toBe(401);
    await t.db.update(sysUser).set({ status: 1 }).where(eq(sysUser.username, 'operations01'));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances of one PostgreSQL database', () => {
  let t: TestApp;
  let second: { database: Database; app: FastifyInstance };
  beforeAll(async () => {
    t = await startTestApp();
    const database = await openDatabase({ url: t.databaseUrl, poolSize: 3 });
    const { app } = await buildApp(t.config, database, { logger: false });
    await app.ready();
    second = { database, app };
    // Both listen for session changes before anything is remembered.
    await vi.waitFor(() => {
      if (!listeningSessionClockOf(t.db) || !listeningSessionClockOf(database.db))
        throw new Error('not listening');
    });
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await t.close();
  });

  it('a logout or a freeze on one instance ends the session remembered by the other', async () => {
    const token = await logOutRemembered(t, second.app);
    // The other instance hears of it when the change commits (a notification, within milliseconds).
    await expect.poll(() => status(second.app, token), { timeout: 2_000 }).toBe(401);

    const again = await t.login('operations01');
    expect(await status(second.app, again)).toBe(200);
    // A change made by anything else that writes the database (a third instance, an operator's SQL).
    const outside = new pg.Client({ connectionString: t.databaseUrl });
    await outside.connect();
    try {
      await outside.query(`update sys_user set status = 2 where username = 'operations01'`);
      await expect.poll(() => status(second.app, again), { timeout: 2_000 }).toBe(401);
      await expect.poll(() => status(t.app, again), { timeout: 2_000 }).toBe(401);
    } finally {
      await outside.query(`update sys_user set status = 1 where username = 'operations01'`);
      await outside.end();
    }
  });
});
