import {
  type DB_TYPES,
  dataSourceConnection,
  dataSourceEditBody,
  dataSourceResource,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import pg from 'pg';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysDataSource } from '../adminSchema.ts';
import { decryptSecret, encryptSecret, loadDataSourceKey } from './secret.ts';

const MASK = '******';
const TIMEOUT_MS = 5_000;

type Connection = {
  dbType: (typeof DB_TYPES)[number];
  dbHost: string;
  dbPort: number;
  dbName: string;
  dbUsername: string;
};

/** Connects and runs `select 1` within 5 s; resolves with an error text or null. */
export async function testConnection(settings: Connection, password: string): Promise<string | null> {
  if (settings.dbType === 'postgresql') {
    const client = new pg.Client({
      host: settings.dbHost,
      port: settings.dbPort,
      database: settings.dbName,
      user: settings.dbUsername,
      password,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return null;
    } catch (error) {
      return (error as Error).message || String(error);
    } finally {
      await client.end().catch(() => {});
    }
  }
  let mysql: typeof import('mysql2/promise');
  try {
    mysql = await import('mysql2/promise');
  } catch {
    return 'MySQL/MariaDB 驱动（mysql2）未安装';
  }
  let conn: Awaited<ReturnType<typeof mysql.createConnection>> | undefined;
  try {
    conn = await mysql.createConnection({
      host: settings.dbHost,
      port: settings.dbPort,
      database: settings.dbName,
      user: settings.dbUsername,
      password,
      connectTimeout: TIMEOUT_MS,
    });
    await conn.query({ sql: 'select 1', timeout: TIMEOUT_MS });
    return null;
  } catch (error) {
    return (error as Error).message || String(error);
  } finally {
    await conn?.end().catch(() => {});
  }
}

/** The message of a connection change (host, port or type) that came without a newly entered password. */
export const PASSWORD_AGAIN = '更换数据库类型、主机或端口后，请重新输入密码';

/**
 * The stored password follows its data source only to the server it was entered for: a changed type, host
 * or port must come with the password typed again, or anyone who can edit a data source could send it to a
 * server of their own.
 */
function movesAway(
  stored: { dbType: string; dbHost: string; dbPort: number },
  next: { dbType?: unknown; dbHost?: unknown; dbPort?: unknown },
): boolean {
  return (
    (next.dbType !== undefined && String(next.dbType) !== stored.dbType) ||
    (next.dbHost !== undefined && String(next.dbHost).trim().toLowerCase() !== stored.dbHost.toLowerCase()) ||
    (next.dbPort !== undefined && Number(next.dbPort) !== stored.dbPort)
  );
}

/** Data sources: connection settings with the password encrypted at rest (AES-256-GCM), and a connection test. */
export function dataSourceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  let key: Promise<Buffer> | null = null;
  const getKey = () => {
    key ??= loadDataSourceKey(db);
    return key;
  };
  // Loaded before the first request: writes need it inside their transaction, where the embedded
  // database (one connection) cannot run a second query.
  app.addHook('onReady', async () => {
    await getKey();
  });

  bindResource(app, ctx, dataSourceResource, sysDataSource, {
    dataLog: true,
    updateSchema: dataSourceEditBody,
    async beforeWrite(values, mode, _request, tx) {
      const password = values.dbPassword as string | null | undefined;
      if (!password || password === MASK) {
        // An edit without a new password keeps the stored one, for the same server only.
        if (mode === 'edit') {
          const [stored] = await tx
            .select({
              dbType: sysDataSource.dbType,
              dbHost: sysDataSource.dbHost,
              dbPort: sysDataSource.dbPort,
              dbPassword: sysDataSource.dbPassword,
            })
            .from(sysDataSource)
            .where(eq(sysDataSource.id, String(values.id)));
          if (stored?.dbPassword && movesAway(stored, values)) throw bizError(PASSWORD_AGAIN);
          delete values.dbPassword;
        } else values.dbPassword = null;
      } else {
        values.dbPassword = encryptSecret(await getKey(), password);
      }
      return values;
    },
    unique: { key: 'code', message: '数据源编码已存在!' },
  });

  r.post(
    `${dataSourceResource.path}/testConnection`,
    permitted(`${dataSourceResource.permission}:list`, {
      body: z.object({ id: z.string().max(32).nullish(), ...dataSourceConnection }),
    }),
    async (request) => {
      const { id, dbPassword, ...settings } = request.body;
      let password = dbPassword ?? '';
      if ((!password || password === MASK) && id) {
        const [stored] = await db
          .select({
            dbType: sysDataSource.dbType,
            dbHost: sysDataSource.dbHost,
            dbPort: sysDataSource.dbPort,
            dbPassword: sysDataSource.dbPassword,
            tenantId: sysDataSource.tenantId,
          })
          .from(sysDataSource)
          .where(eq(sysDataSource.id, id));
        if (!stored || stored.tenantId !== request.session?.tenantId) throw bizError('数据源不存在');
        if (stored.dbPassword && movesAway(stored, settings)) throw bizError(PASSWORD_AGAIN);
        password = stored.dbPassword ? decryptSecret(await getKey(), stored.dbPassword) : '';
      }
      const error = await testConnection(settings, password);
      if (error) throw bizError(`数据库连接失败：${error}`.slice(0, 500));
      return ok(null, '数据库连接成功');
    },
  );
}
