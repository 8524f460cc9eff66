import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { installErrorHandling } from './errorHandler.ts';
import { bizError } from './errors.ts';

describe('error handling', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    installErrorHandling(app, '/jeecg-boot');
    app.get('/jeecg-boot/boom', async () => {
      throw new Error('relation "sys_secret" does not exist at Query.run (/srv/db.js:12:7)');
    });
    app.get('/jeecg-boot/refused', async () => {
      throw bizError('该司机尚未审核通过');
    });
    // How drizzle hands on a database refusal: its own error with the driver's as the cause.
    app.get('/jeecg-boot/pg/:code', async (request) => {
      const { code } = request.params as { code: string };
      throw new Error('Failed query: insert into "hy_wallet" ...', {
        cause: Object.assign(new Error('value out of range'), { code, column: 'amount_fen' }),
      });
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unexpected failure with a clear message and no stack, SQL or path', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({
      success: false,
      code: 500,
      message: '操作失败，服务器内部错误',
      result: null,
    });
    expect(res.body).not.toMatch(/sys_secret|db\.js|at Query/);
  });

  it('answers a business refusal as HTTP 200 with success false and its message', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/refused' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, message: '该司机尚未审核通过' });
  });

  it('answers a value the database refused as 400 with a clear message, and hides the SQL', async () => {
    const cases: Array<[string, string]> = [
      ['22003', '数值超出允许范围'],
      ['22008', '日期时间超出允许范围'],
      ['22007', '日期时间格式不正确'],
      ['22P02', '输入值的格式不正确'],
      ['22021', '输入内容包含非法字符'],
      ['22001', '输入内容超出字段允许的长度'],
      ['22999', '输入的数据不正确'],
      ['23502', '缺少必填内容：amount_fen'],
      ['54000', '输入内容过长'],
    ];
    for (const [code, message] of cases) {
      const res = await app.inject({ method: 'GET', url: `/jeecg-boot/pg/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json(), code).toMatchObject({ success: false, code: 400, message, result: null });
      expect(res.body).not.toMatch(/hy_wallet|Failed query/);
    }
    const other = await app.inject({ method: 'GET', url: '/jeecg-boot/pg/42P01' });
    expect(other.statusCode).toBe(500);
  });

  it('answers an unknown path with the 404 message', async () => {
    const res = await app.inject({ method: 'GET', url: '/jeecg-boot/nowhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404, message: '很抱歉，资源未找到!' });
  });
});

describe('OpenAPI document', () => {
  const t = useTestApp();

  it('is generated from the route schemas and browsable without a token at /jeecg-boot/doc', async () => {
    const doc = await t.call(null, { method: 'GET', url: '/jeecg-boot/doc/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.components.securitySchemes.token).toMatchObject({ in: 'header', name: 'X-Access-Token' });
    const login = spec.paths['/jeecg-boot/sys/login'];
    expect(login.post.requestBody.content['application/json'].schema.properties).toHaveProperty('username');
    expect(Object.keys(spec.paths).length).toBeGreaterThan(100);
    const page = await t.call(null, { method: 'GET', url: '/jeecg-boot/doc/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
