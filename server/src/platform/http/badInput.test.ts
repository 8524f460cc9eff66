import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';

const api = (path: string) => `/jeecg-boot${path}`;

interface Answer {
  status: number;
  contentType: string;
  body: { success?: boolean; message?: string; code?: number; result?: unknown };
}

/** Bad input answered over a real socket: Node's own parser refuses some requests before Fastify sees them. */
describe('bad input is a clear 400 in the envelope, never a 500', () => {
  const t = useTestApp();
  const tokens = useLogins(t, { admin: 'admin' });
  let port = 0;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });

  function send(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: options.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type']),
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          }),
        );
      });
      req.on('error', reject);
      req.end(options.body);
    });
  }

  function raw(text: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(text));
      const chunks: Buffer[] = [];
      socket.on('data', (c) => chunks.push(c));
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
      socket.on('error', reject);
    });
  }

  const refusal = (status: number, message: RegExp | string) => ({
    status,
    body: expect.objectContaining({
      success: false,
      code: status,
      result: null,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    }),
  });

  it('answers 431 (headers too large) in the envelope', async () => {
    const answer = await send('GET', api('/sys/user/list'), {
      headers: { 'x-access-token': tokens.admin, 'x-filler': 'a'.repeat(20_000) },
    });
    expect(answer).toMatchObject(refusal(431, '请求头过大'));
    expect(answer.contentType).toContain('application/json');
  });

  it('answers a request Node cannot parse with 400 in the envelope', async () => {
    const text = await raw('GARBAGE / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(text).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 400,
      message: '请求参数不正确',
    });
  });

  it('answers a malformed percent-encoding in the path with 400 in the envelope', async () => {
    expect(await send('GET', api('/sys/user/%E0%A4%A'))).toMatchObject(refusal(400, '请求地址不正确'));
    // In a stored file's path a percent sign is just a character: no such file.
    expect(
      await send('GET', api('/sys/common/static/%25'), { headers: { 'x-access-token': tokens.admin } }),
    ).toMatchObject({ status: 404, body: { success: false, code: 404, message: '文件不存在' } });
  });

  it('answers 413 for a body over the limit, and 400 for JSON that does not parse or is empty', async () => {
    const json = { 'content-type': 'application/json', 'x-access-token': tokens.admin };
    expect(
      await send('POST', api('/sys/user/add'), { headers: json, body: `"${'a'.repeat(3 * 1024 * 1024)}"` }),
    ).toMatchObject(refusal(413, /超出/));
    expect(await send('POST', api('/sys/user/add'), { headers: json, body: '{"username":' })).toMatchObject(
      refusal(400, '请求体不是有效的JSON'),
    );
    expect(await send('POST', api('/sys/user/add'), { headers: json, body: '' })).toMatchObject(
      refusal(400, '请求体不能为空'),
    );
    expect(
      await send('POST', api('/sys/user/add'), {
        headers: { 'content-type': 'application/xml', 'x-access-token': tokens.admin },
        body: '<a/>',
      }),
    ).toMatchObject(refusal(415, '不支持的请求内容类型'));
  });

  it('names the field of a schema refusal, in Chinese', async () => {
    const answer = await t.call(null, {
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 5, password: 'x' },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ success: false, code: 400 });
    expect(answer.json().message).toMatch(/^username：.*[\u4e00-\u9fa5]/);
  });

  it('refuses NUL characters anywhere in the input, naming the field, before any handler', async () => {
    const body = await t.call(tokens.admin, {
      method: 'POST',
      url: api('/sys/user/add'),
      payload: { username: 'nul_user', realname: 'a\u0000b', roles: [{ name: '\u0000' }] },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ success: false, message: 'realname：不能包含空字符（\\u0000）' });
    const query = await t.call(tokens.admin, { method: 'GET', url: api('/sys/user/list?realname=%00') });
    expect(query.statusCode).toBe(400);
    expect(query.json().message).toBe('realname：不能包含空字符（\\u0000）');
    const param = await t.call(tokens.admin, { method: 'PUT', url: api('/sys/dict/back/a%00b') });
    expect(param.statusCode).toBe(400);
  });

  // A where part that does not fit its column, or names no column of its own.
  it.each(["status = 'abc'", 'status = 99999999999', 'constructor = 1', 'status = #{constructor}'])(
    'refuses a table dictionary whose where part is %s',
    async (where) => {
      const code = encodeURIComponent(`sys_user,realname,username,${where}`);
      for (const path of [`/sys/dict/loadDict/${code}?keyword=a`, `/sys/dict/getDictItems/${code}`]) {
        const res = await t.call(tokens.admin, { method: 'GET', url: api(path) });
        expect(res.statusCode, `${path}`).toBeLessThan(500);
        expect(res.json(), path).toMatchObject({ success: false });
        expect(res.json().message, path).toMatch(/[\u4e00-\u9fa5]/);
      }
    },
  );

  it('answers a table dictionary whose where part fits its column', async () => {
    const fine = await t.call(tokens.admin, {
      method: 'GET',
      url: api(
        `/sys/dict/loadDict/${encodeURIComponent('sys_user,realname,username,status = 1')}?keyword=管理`,
      ),
    });
    expect(fine.json()).toMatchObject({ success: true });
  });

  it('refuses list filters that do not fit their column: whole numbers, ranges, dates', async () => {
    for (const filter of [
      'status=5e-324',
      'status=-2147483649',
      'createTime_begin=-000001-01-01T00:00:00Z',
    ]) {
      const list = await t.call(tokens.admin, { method: 'GET', url: api(`/sys/user/list?${filter}`) });
      expect(list.statusCode, filter).toBe(400);
      expect(list.json().message, filter).toMatch(/^查询条件 /);
      const exported = await t.call(tokens.admin, {
        method: 'GET',
        url: api(`/sys/user/exportXls?${filter}`),
      });
      expect(exported.statusCode, filter).toBe(400);
    }
  });
});
