import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Socket } from 'node:net';
import { pathPatterns } from '@freight/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { sysDataSource } from '../adminSchema.ts';
import { decryptSecret, loadDataSourceKey } from '../dataSource/secret.ts';
import { patternRegex } from './routes.ts';

const api = (path: string) => `/jeecg-boot${path}`;

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => resolve(true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(false));
    socket.connect(port, '127.0.0.1');
  }).finally(() => undefined) as Promise<boolean>;
}

describe('gateway routes and data sources', () => {
  let t: TestApp;
  let admin: string;
  let upstream: Server;
  let upstreamUrl: string;
  const seen: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: string }> = [];
  let pgUp = false;
  let mariaUp = false;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
        });
        res.setHeader('content-type', 'application/json');
        res.setHeader('x-upstream', 'yes');
        res.statusCode = req.url?.startsWith('/missing') ? 404 : 200;
        res.end(JSON.stringify({ upstream: true, url: req.url }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    [pgUp, mariaUp] = await Promise.all([reachable(5432), reachable(3306)]);
    t = await startTestApp();
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => upstream.close(resolve));
  });
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    payload?: object | string,
    token: string | null = admin,
    headers?: Record<string, string>,
  ) => t.call(token, { method, url: api(path), payload, headers });
  /** Asks the server to open a connection to a database on this host. */
  const testConnection = (
    dbType: string,
    dbPort: number,
    dbName: string,
    dbUsername: string,
    dbPassword = '',
  ) =>
    call('POST', '/sys/dataSource/testConnection', {
      dbType,
      dbHost: '127.0.0.1',
      dbPort,
      dbName,
      dbUsername,
      dbPassword,
    });

  it('matches path predicates', () => {
    expect(pathPatterns('[{"name":"Path","args":["/api/**"]}]')).toEqual(['/api/**']);
    expect(() => pathPatterns('{"a":1}')).toThrow();
    expect(patternRegex('/api/**').test('/api')).toBe(true);
    expect(patternRegex('/api/**').test('/api/a/b')).toBe(true);
    expect(patternRegex('/api/**').test('/apix')).toBe(false);
    expect(patternRegex('/v*/x').test('/v1/x')).toBe(true);
    expect(patternRegex('/v*/x').test('/v1/y/x')).toBe(false);
  });

  it('proxies signed-in calls through an enabled route, and follows edits at once', async () => {
    const shipper = await t.login('shipper');
    expect((await call('GET', '/sys/gatewayRoute/list', undefined, shipper)).statusCode).toBe(403);
    const bad = await call('POST', '/sys/gatewayRoute/add', {
      routerId: 'x',
      name: 'x',
      uri: 'file:///etc/passwd',
    });
    expect(bad.statusCode).toBe(400);
    const added = await call('POST', '/sys/gatewayRoute/add', {
      routerId: 'echo',
      name: '回显服务',
      uri: upstreamUrl,
      predicates: '["/api/**"]',
      stripPrefix: 1,
    });
    expect(added.json().success).toBe(true);

    expect((await call('GET', '/gateway/echo/api/hello?x=1', undefined, null)).statusCode).toBe(401);
    const res = await call('GET', '/gateway/echo/api/hello?x=1', undefined, shipper, { 'x-custom': 'kept' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ upstream: true, url: '/hello?x=1' });
    expect(res.headers['x-upstream']).toBe('yes');
    const got = seen.at(-1);
    expect(got?.headers['x-access-token']).toBeUndefined();
    expect(got?.headers['x-custom']).toBe('kept');

    const posted = await call('POST', '/gateway/echo/api/orders', { no: 'YD1' }, shipper);
    expect(posted.statusCode).toBe(200);
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/orders', body: '{"no":"YD1"}' });
    expect((await call('GET', '/gateway/echo/api/missing', undefined, shipper)).statusCode).toBe(404);
    expect((await call('GET', '/gateway/echo/other', undefined, shipper)).statusCode).toBe(404);

    const route = (await call('GET', '/sys/gatewayRoute/list?routerId=echo')).json().result.records[0];
    await call('PUT', '/sys/gatewayRoute/edit', { ...route, status: 0 });
    expect((await call('GET', '/gateway/echo/api/hello', undefined, shipper)).statusCode).toBe(404);
    await call('PUT', '/sys/gatewayRoute/edit', { ...route, status: 1, uri: 'http://127.0.0.1:9' });
    expect((await call('GET', '/gateway/echo/api/hello', undefined, shipper)).statusCode).toBe(502);
  });

  it('keeps data source passwords encrypted and never returns them', async () => {
    const shipper = await t.login('shipper');
    expect((await call('POST', '/sys/dataSource/testConnection', {}, shipper)).statusCode).toBe(403);
    const added = await call('POST', '/sys/dataSource/add', {
      code: 'report_pg',
      name: '报表库',
      dbType: 'postgresql',
      dbHost: '127.0.0.1',
      dbPort: 5432,
      dbName: 'postgres',
      dbUsername: 'postgres',
      dbPassword: 's3cret!',
    });
    expect(added.json().success).toBe(true);
    const listed = (await call('GET', '/sys/dataSource/list')).json().result.records[0];
    expect(listed.dbPassword).toBe('******');
    expect((await call('GET', `/sys/dataSource/queryById?id=${listed.id}`)).json().result.dbPassword).toBe(
      '******',
    );
    const [stored] = await t.db.select().from(sysDataSource);
    expect(stored.dbPassword).toMatch(/^gcm1:/);
    expect(stored.dbPassword).not.toContain('s3cret');
    expect(decryptSecret(await loadDataSourceKey(t.db), stored.dbPassword as string)).toBe('s3cret!');

    // An edit that sends the mask back keeps the password.
    await call('PUT', '/sys/dataSource/edit', { ...listed, name: '报表库2' });
    const [after] = await t.db.select().from(sysDataSource);
    expect(after.dbPassword).toBe(stored.dbPassword);
    const exported = await call('GET', '/sys/dataSource/exportXls');
    expect(exported.rawPayload.toString('latin1')).not.toContain('gcm1:');
    const versions = (
      await call('GET', `/sys/dataLog/list?dataTable=sys_data_source&dataId=${listed.id}`)
    ).json().result.records;
    expect(versions).toHaveLength(2);
    for (const v of versions) expect(v.dataContent).not.toContain('gcm1:');

    const closed = await testConnection('postgresql', 9, 'x', 'x', 'x');
    expect(closed.json().success).toBe(false);
    expect(closed.json().message).toMatch(/^数据库连接失败/);
  });

  it('tests a PostgreSQL connection', async (context) => {
    if (!pgUp) return context.skip();
    const res = await testConnection('postgresql', 5432, 'postgres', 'postgres');
    expect(res.json()).toMatchObject({ success: true, message: '数据库连接成功' });
  });

  it('tests a MariaDB connection', async (context) => {
    if (!mariaUp) return context.skip();
    const good = await testConnection('mariadb', 3306, 'mysql', 'root');
    expect(good.json()).toMatchObject({ success: true, message: '数据库连接成功' });
    const wrong = await testConnection('mysql', 3306, 'mysql', 'nobody_here', 'x');
    expect(wrong.json().success).toBe(false);
  });
});
