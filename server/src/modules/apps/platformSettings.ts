import { createHash } from 'node:crypto';
import {
  PLATFORM_IMAGE_KEYS,
  type PlatformImageKey,
  type PlatformSettings,
  platformSettingsBody,
} from '@freight/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { hySetting } from './schema.ts';
import { saveSettings } from './settings.ts';

// 平台设置: the operator edits the platform's face; the login page and the header read it publicly
// and change without a restart. Uploaded logos and backgrounds are private files like any upload, so the
// public answer points them at a public route that serves exactly the files these settings name.

/** Every field, so the login page always has something to show. */
export const PLATFORM_SETTING_KEYS: Array<keyof PlatformSettings> = [
  'web_platform_name',
  'platform_logo_light',
  'platform_logo_dark',
  'logo_title',
  'vehicle_track_switch',
  'bg',
  'footer_address',
  'footer_customer_service',
  'footer_company_name',
  'footer_company_name_link',
  'footer_web_record_number',
  'footer_ICP_number',
  'gd_web',
  'gd_web_security',
];

const IMAGE_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** A stored upload (as opposed to a site path like /brand/logo-light.svg or a full URL). */
const isUpload = (value: string) =>
  value !== '' && !value.startsWith('/') && !/^(https?:|data:)/i.test(value);

async function storedSettings(ctx: AppContext): Promise<PlatformSettings> {
  const rows = await ctx.db.select().from(hySetting).where(eq(hySetting.tenantId, 0));
  const values = new Map(rows.map((r) => [r.settingKey, r.settingValue]));
  return Object.fromEntries(
    PLATFORM_SETTING_KEYS.map((k) => [k, values.get(k) ?? '']),
  ) as unknown as PlatformSettings;
}

export function platformSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const brandPath = `${ctx.config.basePath}/setting/hySetting/brand`;

  // Public: the login page renders the platform's name, logos and footer before anyone signs in.
  app.get('/setting/hySetting/queryPlatformSettings', { config: { access: 'public' } }, async () => {
    const settings = await storedSettings(ctx);
    for (const key of PLATFORM_IMAGE_KEYS) {
      const value = settings[key];
      // The version changes with the file, so browsers never show a replaced logo from their cache.
      if (isUpload(value))
        settings[key] =
          `${brandPath}/${key}?v=${createHash('sha256').update(value).digest('hex').slice(0, 12)}`;
    }
    return ok(settings);
  });

  // The stored values, for the settings screen.
  app.get('/setting/hySetting/platform', { config: { access: perm('apps:setting:list') } }, async () =>
    ok(await storedSettings(ctx)),
  );

  r.put(
    '/setting/hySetting/platform',
    { config: { access: perm('apps:setting:edit') }, schema: { body: platformSettingsBody } },
    async (request) => {
      const username = request.session?.user.username ?? 'system';
      const entries = Object.entries(request.body);
      await ctx.db.transaction((tx) => saveSettings(tx, entries, username));
      return ok(await storedSettings(ctx), '平台设置已保存');
    },
  );

  // Public like the settings themselves: serves only the image a setting names, never any other upload.
  r.get(
    '/setting/hySetting/brand/:key',
    {
      config: { access: 'public', audit: false },
      schema: { params: z.object({ key: z.enum(PLATFORM_IMAGE_KEYS) }) },
    },
    async (request, reply) => {
      const key: PlatformImageKey = request.params.key;
      const [row] = await ctx.db
        .select({ value: hySetting.settingValue })
        .from(hySetting)
        .where(ofTenant(hySetting, 0, inArray(hySetting.settingKey, [key])));
      const value = row?.value ?? '';
      const type = IMAGE_TYPES[value.split('.').pop()?.toLowerCase() ?? ''];
      const found = isUpload(value) && type ? await ctx.storage.open(value) : null;
      if (!found)
        return reply
          .status(404)
          .send({ success: false, message: '图片不存在', code: 404, result: null, timestamp: Date.now() });
      return reply
        .header('content-type', type)
        .header('content-length', found.size)
        .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'public, max-age=86400')
        .send(found.stream);
    },
  );
}
