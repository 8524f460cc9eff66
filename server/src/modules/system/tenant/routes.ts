import { tenantAddBody, tenantEditBody, tenantResource } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../platform/access/declare.ts';
import { sysUserToken } from '../../../platform/auth/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysTenant, sysUser } from '../schema.ts';
import { tenantLoginRefusal, usersOfTenant } from './service.ts';

/** A frozen tenant's users whose every tenant is now frozen lose their sessions at once. */
async function endFrozenSessions(tx: DbOrTx, tenantId: number): Promise<void> {
  const users = await tx
    .select({ id: sysUser.id, relTenantIds: sysUser.relTenantIds })
    .from(sysUser)
    .where(usersOfTenant(tenantId));
  for (const user of users) {
    if (await tenantLoginRefusal(tx, user.relTenantIds))
      await tx.delete(sysUserToken).where(eq(sysUserToken.userId, user.id));
  }
}

/** Tenants: CRUD with validity dates and freezing (a frozen tenant's users cannot sign in). */
export function tenantRoutes(app: FastifyInstance, ctx: AppContext): void {
  bindResource(app, ctx, tenantResource, sysTenant, {
    dataLog: true,
    createSchema: tenantAddBody,
    updateSchema: tenantEditBody,
    async beforeWrite(values, mode, _request, tx) {
      if (mode === 'add') {
        const [clash] = await idsWhere(tx, sysTenant, eq(sysTenant.id, Number(values.id)));
        if (clash) throw bizError('该租户编号已存在');
      }
      if (Number(values.id) === 0 && values.status === 0) throw bizError('平台租户不能冻结');
      return values;
    },
    async afterWrite(row, _mode, tx) {
      if (row.status === 0) await endFrozenSessions(tx, Number(row.id));
    },
    async beforeDelete(ids, tx) {
      if (ids.includes('0')) throw bizError('平台租户不能删除');
      for (const id of ids) {
        const [user] = await idsWhere(tx, sysUser, usersOfTenant(Number(id))).limit(1);
        if (user) throw bizError(`租户 ${id} 下还有用户，不能删除`);
      }
    },
  });

  // Options of the user form's tenant select.
  app.get('/sys/tenant/queryList', { config: { access: perm('system:user:list') } }, async () =>
    ok(
      await ctx.db
        .select({ id: sysTenant.id, name: sysTenant.name, status: sysTenant.status })
        .from(sysTenant)
        .orderBy(asc(sysTenant.id))
        .limit(1000),
    ),
  );
}
