import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { platformSettingRoutes } from './platformSettings.ts';
import { hyConfig } from './schema.ts';

// Platform settings are also where the system module keeps its generated secrets (tenant -1).
export { PLATFORM_SETTING_KEYS } from './platformSettings.ts';
export { hyConfig, hySetting } from './schema.ts';

export function appsModule(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  platformSettingRoutes(app, ctx);

  app.get('/hyconfig/hyConfig/cfg', { config: { access: 'login' } }, async (request) => {
    const rows = await db
      .select()
      .from(hyConfig)
      .where(eq(hyConfig.tenantId, request.session?.tenantId ?? 0));
    return ok(Object.fromEntries(rows.map((r) => [r.configKey, r.configValue])));
  });
}
