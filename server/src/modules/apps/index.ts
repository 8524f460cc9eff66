import { checkConfigValue, configBody, configFields, configResource } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { platformSettingRoutes } from './platformSettings.ts';
import { hyConfig } from './schema.ts';

// Platform settings are also where the system module keeps its generated secrets (tenant -1).
export { PLATFORM_SETTING_KEYS } from './platformSettings.ts';
export { hyConfig, hySetting } from './schema.ts';
export { keptSetting, saveSettings } from './settings.ts';

export function appsModule(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  platformSettingRoutes(app, ctx);

  // 系统配置: a key is chosen once (edits change its type, value and description); each change in the data log.
  type Row = Record<string, unknown>;
  bindResource(app, ctx, configResource, hyConfig, {
    dataLog: true,
    createSchema: configBody,
    updateSchema: configFields.extend({ id: z.string().min(1).max(64) }).superRefine(checkConfigValue),
    // The list's row key is the configuration key (the table has no other id).
    presentRows: (rows) => rows.map((row) => ({ ...row, id: row.configKey })),
    async beforeWrite(values, mode, request, tx) {
      const out: Row = { ...values };
      if (mode === 'edit') {
        delete out.configKey;
        return out;
      }
      const tenantId = request.session?.tenantId ?? 0;
      const [taken] = await tx
        .select({ key: hyConfig.configKey })
        .from(hyConfig)
        .where(ofTenant(hyConfig, tenantId, eq(hyConfig.configKey, String(values.configKey))));
      if (taken) throw bizError(`配置键 ${String(values.configKey)} 已存在`);
      return out;
    },
  });

  app.get('/hyconfig/hyConfig/cfg', { config: { access: 'login' } }, async (request) => {
    const rows = await db
      .select()
      .from(hyConfig)
      .where(eq(hyConfig.tenantId, request.session?.tenantId ?? 0));
    return ok(Object.fromEntries(rows.map((r) => [r.configKey, r.configValue])));
  });
}
