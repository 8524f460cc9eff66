import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

describe('security headers', () => {
  const t = useTestApp();

  it('sends the content security policy and the other helmet headers on every answer, refusals included', async () => {
    for (const url of [
      '/jeecg-boot/setting/hySetting/queryPlatformSettings',
      '/jeecg-boot/sys/user/list',
      '/jeecg-boot/no/such/path',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self' https://webapi.amap.com");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toContain('upgrade-insecure-requests');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
