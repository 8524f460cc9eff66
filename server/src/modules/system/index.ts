import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { systemAdminRoutes } from './admin.ts';
import { announcementRoutes } from './announcement/routes.ts';
import { authFlowRoutes } from './auth/flows.ts';
import { authRoutes } from './auth/routes.ts';
import { duplicateRoutes } from './common/duplicateRoutes.ts';
import { uploadRoutes } from './common/uploadRoutes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import type { DictCache } from './dict/cache.ts';
import { dictRoutes } from './dict/routes.ts';
import { permissionRoutes } from './permission/routes.ts';
import { userRoutes } from './user/routes.ts';

export function systemModule(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  authRoutes(app, ctx, dicts);
  authFlowRoutes(app, ctx, dicts);
  dictRoutes(app, dicts, ctx.db);
  uploadRoutes(app, ctx);
  duplicateRoutes(app, ctx);
  permissionRoutes(app, ctx);
  userRoutes(app, ctx);
  announcementRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  systemAdminRoutes(app, ctx, dicts);
}
