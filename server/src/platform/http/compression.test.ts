import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

// A console build of its own: a bundle with the brotli and gzip copies the build writes beside it.
const BUNDLE = `console.log(${JSON.stringify('货运'.repeat(2_000))});`;

describe('compressed answers', () => {
  let t: TestApp;
  let webDist: string;
  let token: string;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), 'freight-dist-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(webDist, 'assets/app-1.js'), BUNDLE);
    await writeFile(path.join(webDist, 'assets/app-1.js.br'), brotliCompressSync(BUNDLE));
    await writeFile(path.join(webDist, 'assets/app-1.js.gz'), gzipSync(BUNDLE));
    t = await startTestApp({ webDist });
    token = await t.login('admin');
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('sends the build-time brotli or gzip copy of a bundle, and the bundle itself to a client that accepts neither', async () => {
    const br = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.headers['cache-control']).toContain('immutable');

    const gz = await t.app.inject({ url: '/assets/app-1.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BUNDLE);

    const plain = await t.app.inject({ url: '/assets/app-1.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
  });

  it('compresses a large API answer for a client that accepts it, and leaves small ones and other clients alone', async () => {
    const url = '/jeecg-boot/sys/permission/getUserPermissionByToken';
    const plain = await t.call(token, { url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const menu = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(10_000);

    const gz = await t.call(token, { url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const unpacked = JSON.parse(gunzipSync(gz.rawPayload).toString());
    expect(unpacked.result).toEqual(menu.result);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const br = await t.call(token, { url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).result).toEqual(menu.result);

    // An answer under 1 KB is not worth it.
    const smallUrl = '/jeecg-boot/sys/user/checkOnlyUser?username=nobody';
    const small = await t.call(token, { url: smallUrl });
    expect(small.rawPayload.length).toBeLessThan(1024);
    const smallAsked = await t.call(token, { url: smallUrl, headers: { 'accept-encoding': 'gzip' } });
    expect(smallAsked.headers['content-encoding']).toBeUndefined();
  });
});
