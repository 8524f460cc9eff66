// The S3-compatible store against a small S3 stand-in on 127.0.0.1 that checks what a real one would:
// a SigV4-signed request for the configured key, path-style bucket, conditional create.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { type S3Settings, S3Storage } from './s3Storage.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface FakeS3 {
  url: string;
  objects: Map<string, Buffer>;
  unsigned: number;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function fakeS3(accessKey: string): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const state = { unsigned: 0 };
  const server: Server = createServer(async (req, res) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${accessKey}/`)) {
      state.unsigned += 1;
      res.writeHead(403).end('<Error><Code>AccessDenied</Code></Error>');
      return;
    }
    const key = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'PUT') {
      if (req.headers['if-none-match'] === '*' && objects.has(key)) {
        res.writeHead(412).end('<Error><Code>PreconditionFailed</Code></Error>');
        return;
      }
      objects.set(key, await body(req));
      res.writeHead(200, { etag: '"x"' }).end();
    } else if (req.method === 'GET') {
      const found = objects.get(key);
      if (!found) {
        res.writeHead(404, { 'content-type': 'application/xml' });
        res.end('<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>');
        return;
      }
      res.writeHead(200, { 'content-length': found.length, 'content-type': 'application/octet-stream' });
      res.end(found);
    } else if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
    } else res.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    get unsigned() {
      return state.unsigned;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const settings = (url: string): S3Settings => ({
  endpoint: url,
  region: 'cn-east-1',
  bucket: 'freight',
  accessKeyId: 'AKFREIGHT',
  secretAccessKey: 'secret-of-the-store',
  forcePathStyle: true,
  prefix: 'prod/',
});

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3-compatible storage', () => {
  let s3: FakeS3;
  let storage: S3Storage;
  beforeAll(async () => {
    s3 = await fakeS3('AKFREIGHT');
    storage = new S3Storage(settings(s3.url));
  });
  afterAll(async () => {
    storage.close();
    await s3.close();
  });

  it('stores under the bucket and prefix, reads back, never overwrites, removes', async () => {
    await storage.save('driver/20261123/a.txt', Buffer.from('运单附件'));
    expect([...s3.objects.keys()]).toContain('/freight/prod/driver/20261123/a.txt');
    const opened = await storage.open('driver/20261123/a.txt');
    expect(opened?.size).toBe(Buffer.byteLength('运单附件'));
    expect(await text(opened?.stream as NodeJS.ReadableStream)).toBe('运单附件');
    await expect(storage.save('driver/20261123/a.txt', Buffer.from('other'))).rejects.toThrow();
    expect(await storage.open('driver/20261123/missing.txt')).toBeNull();
    await storage.remove('driver/20261123/a.txt');
    expect(await storage.open('driver/20261123/a.txt')).toBeNull();
    expect(s3.unsigned).toBe(0);
  });

  it('refuses keys that climb out of the prefix', async () => {
    await expect(storage.save('../other/x.txt', Buffer.from('x'))).rejects.toThrow('path outside storage');
    expect(await storage.open('driver/../../secret.txt')).toBeNull();
  });
});

describe('uploads through the S3-compatible store', () => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await fakeS3('AKFREIGHT');
    t = await startTestApp({ s3: settings(s3.url) });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('puts an upload in the bucket and serves it back to a signed-in user', async () => {
    const token = await t.login('admin');
    const boundary = '----freight';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\nvehicle\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="v.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.call(token, {
      method: 'POST',
      url: '/jeecg-boot/sys/common/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const stored = uploaded.json().message as string;
    expect(stored).toMatch(/^vehicle\//);
    expect(s3.objects.get(`/freight/prod/${stored}`)?.equals(PNG)).toBe(true);
    const served = await t.call(token, { method: 'GET', url: `/jeecg-boot/sys/common/static/${stored}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });
});
