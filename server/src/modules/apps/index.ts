import type { PlatformSettings } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { hyConfig, hySetting } from './schema.ts';

// Platform settings are also where the system module keeps its generated secrets (tenant -1).
export { hyConfig, hySetting } from './schema.ts';

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
];

export function appsModule(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  // Public: the login page renders the platform's name, logos and footer before anyone signs in.
  app.get('/setting/hySetting/queryPlatformSettings', { config: { access: 'public' } }, async () => {
    const rows = await db.select().from(hySetting).where(eq(hySetting.tenantId, 0));
    const values = new Map(rows.map((r) => [r.settingKey, r.settingValue]));
    const settings = Object.fromEntries(
      PLATFORM_SETTING_KEYS.map((k) => [k, values.get(k) ?? '']),
    ) as unknown as PlatformSettings;
    return ok(settings);
  });

  app.get('/hyconfig/hyConfig/cfg', { config: { access: 'login' } }, async (request) => {
    const rows = await db
      .select()
      .from(hyConfig)
      .where(eq(hyConfig.tenantId, request.session?.tenantId ?? 0));
    return ok(Object.fromEntries(rows.map((r) => [r.configKey, r.configValue])));
  });
}
