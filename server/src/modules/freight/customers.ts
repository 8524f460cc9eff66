import {
  type CustomerOption,
  customerAdminLinkBody,
  customerResource,
  MSG,
  selectCustomerBody,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AppContext, countsFor } from '../../platform/context.ts';
import type { Tx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, forbidden, unauthorized } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { sysUser } from '../system/index.ts';
import { pendingCountersOf, pendingCountsChanged } from './pendingCounters.ts';
import { registerReview, reviewOnWrite } from './review.ts';
import { hyCustomer, hyCustomerAdmin, hyCustomerUser } from './schema.ts';

export const CUSTOMER_MSG = {
  notAdministered: '您无权管理该货主',
  notCustomerAdmin: '该用户不是货主管理员',
  customerMissing: '货主不存在',
} as const;

const isCustomerSide = (request: FastifyRequest) =>
  request.session?.user.userType === USER_TYPE.customer ||
  request.session?.user.userType === USER_TYPE.customerAdmin;

/**
 * Shippers (hyCustomer) with settlement, credit, service-fee rule and invoice title, their review, and the
 * customer admins' switch between the customers they administer (the reference's hyCustomerAdmin calls).
 */
export function customerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  bindResource(app, ctx, customerResource, hyCustomer, {
    dataLog: true,
    dataRuleComponent: 'customer/HyCustomerList',
    beforeWrite: reviewOnWrite('customer', hyCustomer, hyCustomer.id, hyCustomer.state, hyCustomer.tenantId),
    // A customer with staff logins is not deleted from under them.
    async beforeDelete(ids, tx) {
      const [staff] = await idsWhere(tx, hyCustomerUser, inArray(hyCustomerUser.customerId, ids)).limit(1);
      if (staff) throw bizError('该货主下还有用户，请先删除用户');
    },
    async afterDelete(rows, tx) {
      const ids = rows.map((row) => String(row.id));
      await tx.delete(hyCustomerAdmin).where(inArray(hyCustomerAdmin.customerId, ids));
    },
    async afterWrite(row, mode, tx) {
      if (mode === 'edit')
        await tx
          .update(hyCustomerUser)
          .set({ customerName: String(row.customerName) })
          .where(eq(hyCustomerUser.customerId, String(row.id)));
    },
    onChange: () => pendingCountsChanged(ctx),
  });

  registerReview(app, ctx, {
    path: customerResource.path,
    entity: 'customer',
    permission: customerResource.permission,
    table: hyCustomer,
    id: hyCustomer.id,
    state: hyCustomer.state,
    tenantId: hyCustomer.tenantId,
  });

  // ---- customer admins (userType 6) --------------------------------------------------------------------

  r.get('/customer/hyCustomerAdmin/myList', { config: { access: 'login' } }, async (request) => {
    const session = sessionOf(request);
    const rows = await db
      .select({ customerId: hyCustomer.id, customerName: hyCustomer.customerName })
      .from(hyCustomerAdmin)
      .innerJoin(hyCustomer, eq(hyCustomer.id, hyCustomerAdmin.customerId))
      .where(eq(hyCustomerAdmin.userId, session.user.id))
      .orderBy(hyCustomer.customerName);
    const list: CustomerOption[] = rows.map((row) => ({
      ...row,
      isUsed: row.customerId === session.user.cid ? 1 : 0,
    }));
    return ok(list);
  });

  const select = async (userId: string, customerId: string) => {
    const [link] = await db
      .select()
      .from(hyCustomerAdmin)
      .where(and(eq(hyCustomerAdmin.userId, userId), eq(hyCustomerAdmin.customerId, customerId)));
    if (!link) throw bizError(CUSTOMER_MSG.notAdministered);
    await db.update(sysUser).set({ cid: customerId }).where(eq(sysUser.id, userId));
  };
  const selectOpts = { config: { access: 'login' as const }, schema: { body: selectCustomerBody } };
  for (const method of ['put', 'post'] as const) {
    r[method]('/customer/hyCustomerAdmin/selectCustomer', selectOpts, async (request) => {
      if (!request.session) throw unauthorized();
      await select(request.session.user.id, request.body.customerId);
      return okMessage(MSG.customerSwitched);
    });
  }

  // Which customers a customer admin administers. Customer-side callers see their own links only.
  r.get(
    '/customer/hyCustomerAdmin/list',
    permitted('customer:user:list', { querystring: z.object({ userId: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      if (isCustomerSide(request) && request.query.userId !== session.user.id) throw forbidden();
      return ok(
        await db
          .select({
            userId: hyCustomerAdmin.userId,
            customerId: hyCustomer.id,
            customerName: hyCustomer.customerName,
          })
          .from(hyCustomerAdmin)
          .innerJoin(hyCustomer, eq(hyCustomer.id, hyCustomerAdmin.customerId))
          .where(
            and(eq(hyCustomerAdmin.userId, request.query.userId), eq(hyCustomer.tenantId, session.tenantId)),
          )
          .orderBy(asc(hyCustomer.customerName)),
      );
    },
  );

  type CustomerAdminLink = z.infer<typeof customerAdminLinkBody>;
  /**
   * Only platform staff decide which customers a customer admin may act for; `change` writes the link in one
   * transaction, given the admin's current customer.
   */
  const changeLink = async (
    request: FastifyRequest,
    link: CustomerAdminLink,
    change: (tx: Tx, link: CustomerAdminLink, current: string | null) => Promise<void>,
  ) => {
    const { userId, customerId } = link;
    const session = sessionOf(request);
    if (session.user.userType !== USER_TYPE.system) throw forbidden();
    const [user] = await db
      .select({ userType: sysUser.userType, cid: sysUser.cid })
      .from(sysUser)
      .where(and(eq(sysUser.id, userId), eq(sysUser.delFlag, 0)));
    if (!user || user.userType !== USER_TYPE.customerAdmin) throw bizError(CUSTOMER_MSG.notCustomerAdmin);
    const [customer] = await idsWhere(
      db,
      hyCustomer,
      eq(hyCustomer.id, customerId),
      eq(hyCustomer.tenantId, session.tenantId),
    );
    if (!customer) throw bizError(CUSTOMER_MSG.customerMissing);
    await db.transaction((tx) => change(tx, link, user.cid));
  };

  r.post(
    '/customer/hyCustomerAdmin/add',
    permitted('customer:user:edit', { body: customerAdminLinkBody }),
    async (request) => {
      await changeLink(request, request.body, async (tx, { userId, customerId }, current) => {
        await tx.insert(hyCustomerAdmin).values({ userId, customerId }).onConflictDoNothing();
        if (!current) await tx.update(sysUser).set({ cid: customerId }).where(eq(sysUser.id, userId));
      });
      return okMessage('添加成功！');
    },
  );

  r.delete(
    '/customer/hyCustomerAdmin/delete',
    permitted('customer:user:edit', { querystring: customerAdminLinkBody }),
    async (request) => {
      await changeLink(request, request.query, async (tx, { userId, customerId }, current) => {
        await tx
          .delete(hyCustomerAdmin)
          .where(and(eq(hyCustomerAdmin.userId, userId), eq(hyCustomerAdmin.customerId, customerId)));
        // The admin's current customer moves to one they still administer (or none).
        if (current === customerId) {
          const [next] = await tx
            .select({ customerId: hyCustomerAdmin.customerId })
            .from(hyCustomerAdmin)
            .where(eq(hyCustomerAdmin.userId, userId))
            .limit(1);
          await tx
            .update(sysUser)
            .set({ cid: next?.customerId ?? null })
            .where(eq(sysUser.id, userId));
        }
      });
      return okMessage('删除成功!');
    },
  );

  ctx.counters.push(async (scope) => {
    if (!countsFor(scope, 'customer:manager:review')) return { huozhuCount: 0 };
    const { huozhuCount } = await pendingCountersOf(db).get(scope.tenantId);
    return { huozhuCount };
  });
}
