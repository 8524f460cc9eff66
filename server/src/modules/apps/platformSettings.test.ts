import { describe, expect, it } from 'vitest';
import { useLogins, useTestApp } from '../../test/harness.ts';

// 平台设置: an operator changes the platform's face; the public settings (login page, header) follow
// at once, and an uploaded logo is served publicly through the setting that names it, and only that file.

const api = (path: string) => `/jeecg-boot${path}`;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('platform settings', () => {
  const t = useTestApp({ dataDir: `/tmp/freight-test-settings-${process.pid}-${Date.now()}` });
  const tokens = useLogins(t, { admin: 'admin' });

  const publicSettings = async () =>
    (await t.call(null, { method: 'GET', url: api('/setting/hySetting/queryPlatformSettings') })).json()
      .result as Record<string, string>;
  const stored = async () =>
    (await t.call(tokens.admin, { method: 'GET', url: api('/setting/hySetting/platform') })).json()
      .result as Record<string, string>;
  const save = (body: object, token: string | null = tokens.admin) =>
    t.call(token, { method: 'PUT', url: api('/setting/hySetting/platform'), payload: body });

  it('saves every setting, and the public answer shows the change at once', async () => {
    const data = new FormData();
    data.append('biz', 'brand');
    data.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
    const uploaded = await t.call(tokens.admin, {
      method: 'POST',
      url: api('/sys/common/upload'),
      payload: data as unknown as string,
    });
    const logoPath = String(uploaded.json().message);
    expect(logoPath).toMatch(/^brand\//);

    const before = await stored();
    const res = await save({ ...before, web_platform_name: '测试货运平台', platform_logo_light: logoPath });
    expect(res.json()).toMatchObject({ success: true, message: '平台设置已保存' });
    expect(await stored()).toMatchObject({
      web_platform_name: '测试货运平台',
      platform_logo_light: logoPath,
    });

    const shown = await publicSettings();
    expect(shown.web_platform_name).toBe('测试货运平台');
    // The private upload is reached through the public brand route, never by its storage path.
    expect(shown.platform_logo_light).toMatch(
      /^\/jeecg-boot\/setting\/hySetting\/brand\/platform_logo_light\?v=/,
    );
    expect(JSON.stringify(shown)).not.toContain(logoPath);
    const image = await t.call(null, { method: 'GET', url: shown.platform_logo_light });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    // A site path stays as it is; the brand route has no file to serve for it.
    expect(shown.platform_logo_dark).toBe(before.platform_logo_dark);
    expect(
      (await t.call(null, { method: 'GET', url: api('/setting/hySetting/brand/platform_logo_dark') }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.call(null, { method: 'GET', url: api('/setting/hySetting/brand/file_sign_secret') }))
        .statusCode,
    ).toBe(400);

    await save(before);
    expect((await publicSettings()).web_platform_name).toBe(before.web_platform_name);
  });

  it('refuses bad values with the field’s message, and anyone without the edit code', async () => {
    const before = await stored();
    const badLink = await save({ ...before, footer_company_name_link: 'javascript:alert(1)' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toContain('http(s)://');
    const noName = await save({ ...before, web_platform_name: '  ' });
    expect(noName.json()).toMatchObject({ success: false });
    expect(noName.json().message).toContain('请输入平台名称');
    const traversal = await save({ ...before, bg: '../../etc/passwd' });
    expect(traversal.json().message).toContain('图片路径无效');

    const shipper = await t.login('shipper');
    expect((await save(before, shipper)).statusCode).toBe(403);
    expect(
      (await t.call(shipper, { method: 'GET', url: api('/setting/hySetting/platform') })).statusCode,
    ).toBe(403);
    expect((await save(before, null)).statusCode).toBe(401);
    expect(await stored()).toEqual(before);
  });
});
