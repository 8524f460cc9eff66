import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { addressListRoutes } from './addressList/routes.ts';
import { announcementAdminRoutes } from './announcement/adminRoutes.ts';
import { categoryRoutes } from './category/routes.ts';
import { checkRuleRoutes } from './checkRule/routes.ts';
import { ossFileRoutes } from './common/ossFiles.ts';
import { dataLogRoutes } from './dataLog/routes.ts';
import { dataSourceRoutes } from './dataSource/routes.ts';
import { departRoutes } from './depart/routes.ts';
import { dictAdminRoutes } from './dict/adminRoutes.ts';
import type { DictCache } from './dict/cache.ts';
import { fillRuleRoutes } from './fillRule/routes.ts';
import { gatewayRoutes } from './gateway/routes.ts';
import { logRoutes } from './log/routes.ts';
import { monitorRoutes } from './monitor/routes.ts';
import { namedApiRoutes } from './namedApi.ts';
import { permissionAdminRoutes } from './permission/adminRoutes.ts';
import { positionRoutes } from './position/routes.ts';
import { quartzRoutes } from './quartz/routes.ts';
import { roleRoutes } from './role/routes.ts';
import { tenantRoutes } from './tenant/routes.ts';
import { userAdminRoutes } from './user/adminRoutes.ts';
import { profileRoutes } from './user/profileRoutes.ts';

/** The system administration screens' calls. */
export function systemAdminRoutes(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  userAdminRoutes(app, ctx);
  roleRoutes(app, ctx);
  permissionAdminRoutes(app, ctx);
  departRoutes(app, ctx);
  announcementAdminRoutes(app, ctx);
  dictAdminRoutes(app, ctx, dicts);
  quartzRoutes(app, ctx);
  categoryRoutes(app, ctx);
  checkRuleRoutes(app, ctx);
  fillRuleRoutes(app, ctx);
  dataSourceRoutes(app, ctx);
  gatewayRoutes(app, ctx);
  positionRoutes(app, ctx);
  tenantRoutes(app, ctx);
  addressListRoutes(app, ctx);
  dataLogRoutes(app, ctx);
  logRoutes(app, ctx);
  namedApiRoutes(app, ctx);
  monitorRoutes(app, ctx);
  ossFileRoutes(app, ctx);
  profileRoutes(app, ctx);
}
