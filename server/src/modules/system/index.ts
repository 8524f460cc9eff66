import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { onGrantsInvalidated, provideSystemAccess, userGrants } from './accessDirectory.ts';
import { systemAdminRoutes } from './admin.ts';
import { announcementRoutes } from './announcement/routes.ts';
import { authFlowRoutes } from './auth/flows.ts';
import { authRoutes } from './auth/routes.ts';
import { duplicateRoutes } from './common/duplicateRoutes.ts';
import { uploadRoutes } from './common/uploadRoutes.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import type { DictCache } from './dict/cache.ts';
import { dictRoutes } from './dict/routes.ts';
import { divisionRoutes } from './division/routes.ts';
import { pathRoutes } from './permission/pathRoutes.ts';
import { invalidateAllAuth, permissionRoutes } from './permission/routes.ts';
import { usersMuting } from './user/notifyPrefs.ts';
import { userRoutes } from './user/routes.ts';

// What other modules may use: the tables they join, the services they call and the hooks they fill.
export { invalidateGrants, type PermissionRow } from './accessDirectory.ts';
export { sysCategory, sysDataSource, sysFillRule, sysQuartzJob } from './adminSchema.ts';
export {
  type AnnouncementReadListener,
  deliveryCounts,
  onAnnouncementRead,
  publishToUsers,
} from './announcement/deliver.ts';
export { sanitizeAnnouncement as sanitizeRichText } from './announcement/sanitize.ts';
export {
  type LoginCheck,
  type LoginExtra,
  registerLoginCheck,
  registerLoginExtra,
} from './auth/loginChecks.ts';
export { consumeSmsCode } from './auth/sms.ts';
export { queueTemplateTest } from './auth/templateTest.ts';
export { sysSms, sysSmsTemplate } from './authSchema.ts';
export { addCategory, ROOT_PID } from './category/tree.ts';
export { registerUniqueFields, type UniqueField } from './common/duplicateRoutes.ts';
export { mayReadFile, originalFileNames, randomStoredName, recordFile } from './common/fileOwners.ts';
export { sniffAllowedType } from './common/fileTypes.ts';
export { dataSourceSettings } from './dataSource/secret.ts';
export {
  isCustomerUser,
  isStaff as isPlatformStaff,
  loadTableDictItems,
  registerTableDict,
  type TableDict,
  tableDictOf,
} from './dict/tableDicts.ts';
export { nextFillValue } from './fillRule/generators.ts';
/** Who holds a permission: the addressees of reminders and warnings. */
export { activeUsersHolding } from './permission/holders.ts';
export {
  sysAnnouncement,
  sysAnnouncementSend,
  sysPermission,
  sysRole,
  sysRolePermission,
  sysUser,
  sysUserRole,
} from './schema.ts';
export { usersOfTenant } from './tenant/service.ts';
export { roleCodesOf, roleIdByCode, type UserRow, usernameTaken } from './user/service.ts';

const GRANTS_CHANGED = 'grants';

export function systemModule(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  provideSystemAccess();
  // 个人设置 › 消息通知: a push of a category a user muted does not reach that user's sockets.
  ctx.realtime.setMuteLookup((category, userIds) => usersMuting(ctx.db, category, userIds));
  // Grants are cached per process for 15 s: a change on one instance drops the caches of every other one at once.
  ctx.realtime.onSignal(GRANTS_CHANGED, () => {
    userGrants.invalidate();
    invalidateAllAuth();
  });
  const stop = onGrantsInvalidated(
    () =>
      void ctx.realtime
        .signal(GRANTS_CHANGED)
        .catch((error) => app.log.error({ err: error }, 'grant change signal failed')),
  );
  app.addHook('onClose', async () => {
    stop();
  });
  authRoutes(app, ctx, dicts);
  authFlowRoutes(app, ctx, dicts);
  dictRoutes(app, dicts, ctx.db);
  uploadRoutes(app, ctx);
  duplicateRoutes(app, ctx);
  permissionRoutes(app, ctx);
  pathRoutes(app, ctx);
  divisionRoutes(app, ctx);
  userRoutes(app, ctx);
  announcementRoutes(app, ctx);
  dashboardRoutes(app, ctx);
  systemAdminRoutes(app, ctx, dicts);
}

/** The platform's secret box (AES-256-GCM with the platform key), for settings other modules keep encrypted. */
export { decryptSecret, encryptSecret, loadDataSourceKey } from './dataSource/secret.ts';
/** Places' division codes: names of a code's province, city and district, for orders and waybills. */
export { placeNames } from './division/chain.ts';
export { type JobLabel, jsonOutcomeJob } from './quartz/jsonOutcomeJob.ts';
export { type JobOverview, jobOverview } from './quartz/overview.ts';
export { type SeededJob, seedQuartzJobs } from './quartz/store.ts';
