import { customerUserEditBody, customerUserResource, USER_TYPE } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hashPassword } from '../../platform/auth/crypto.ts';
import { sysUserToken } from '../../platform/auth/schema.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { sysRole, sysUser, sysUserRole } from '../system/index.ts';
import { withId } from './parties.ts';
import { hyCustomer, hyCustomerAdmin, hyCustomerUser } from './schema.ts';

export const CUSTOMER_USER_MSG = {
  usernameTaken: '用户名已存在',
  noCustomer: '当前用户没有所属货主',
} as const;

/** The role a customer login gets: staff (userType 2) or customer admin (userType 6), as seed.ts names them. */
const ROLE_OF: Record<number, string> = {
  [USER_TYPE.customer]: 'customer',
  [USER_TYPE.customerAdmin]: 'customer_admin',
};

async function roleId(tx: DbOrTx, userType: number): Promise<string | undefined> {
  const [role] = await idsWhere(tx, sysRole, eq(sysRole.roleCode, ROLE_OF[userType] ?? 'customer'));
  return role?.id;
}

/**
 * Customer staff (`/customer/hyCustomerUser/add|edit`): each row is a login of userType 2 (or 6, a
 * customer admin) tied to one customer. Adding creates the sys_user with the customer's role and the
 * password to change at first sign-in (login answers 406); editing keeps name, mobile and status of both in
 * step; freezing or deleting ends the login's sessions at once. Customer-side users manage the staff of
 * their current customer only (resource scope `customer`).
 */
export function customerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  async function customerFor(
    request: FastifyRequest,
    tx: DbOrTx,
    requested: string,
  ): Promise<{ customerId: string; customerName: string }> {
    const session = sessionOf(request);
    const customerSide =
      session.user.userType === USER_TYPE.customer || session.user.userType === USER_TYPE.customerAdmin;
    // A customer's own staff always add to the customer they act for, whatever the form says.
    const customerId = customerSide ? session.user.cid : requested;
    if (!customerId) throw bizError(CUSTOMER_USER_MSG.noCustomer);
    const [customer] = await tx
      .select({ customerName: hyCustomer.customerName })
      .from(hyCustomer)
      .where(and(eq(hyCustomer.id, customerId), eq(hyCustomer.tenantId, session.tenantId)));
    if (!customer) throw bizError('货主不存在');
    return { customerId, customerName: customer.customerName };
  }

  /** Only platform staff make customer admins; the customer's own users add staff. */
  function userTypeFor(request: FastifyRequest, requested: unknown): number {
    if (request.session?.user.userType !== USER_TYPE.system) return USER_TYPE.customer;
    return Number(requested) === USER_TYPE.customerAdmin ? USER_TYPE.customerAdmin : USER_TYPE.customer;
  }

  bindResource(app, ctx, customerUserResource, hyCustomerUser, {
    dataLog: true,
    updateSchema: withId(customerUserEditBody),
    async beforeWrite(values, mode, request, tx) {
      const session = sessionOf(request);
      const { password, ...rest } = values;
      if (mode === 'add') {
        const { customerId, customerName } = await customerFor(request, tx, String(values.customerId));
        const userType = userTypeFor(request, values.userType);
        const username = String(values.username);
        const [taken] = await idsWhere(tx, sysUser, eq(sysUser.username, username));
        if (taken) throw bizError(CUSTOMER_USER_MSG.usernameTaken);
        const [user] = await tx
          .insert(sysUser)
          .values({
            username,
            realname: String(values.realname),
            password: await hashPassword(String(password)),
            // Set by someone else: changed by its owner at first sign-in (login 406).
            passwordChangedAt: null,
            phone: String(values.mobile),
            userType,
            cid: customerId,
            status: Number(values.status ?? 1),
            post: (values.post as string | null | undefined) ?? null,
            createBy: session.user.username,
          })
          .returning({ id: sysUser.id });
        if (!user) throw bizError('保存失败');
        const role = await roleId(tx, userType);
        if (role)
          await tx.insert(sysUserRole).values({ userId: user.id, roleId: role }).onConflictDoNothing();
        if (userType === USER_TYPE.customerAdmin)
          await tx.insert(hyCustomerAdmin).values({ userId: user.id, customerId }).onConflictDoNothing();
        return { ...rest, customerId, customerName, userType, userId: user.id };
      }
      // Edit: the login and the customer stay; name, mobile, post and status follow the form.
      const [stored] = await tx
        .select({ userId: hyCustomerUser.userId, customerId: hyCustomerUser.customerId })
        .from(hyCustomerUser)
        .where(eq(hyCustomerUser.id, String(values.id)));
      if (!stored) throw recordNotFound();
      const { customerId: _c, customerName: _n, userType: _t, username: _u, ...editable } = rest;
      const status = editable.status === undefined ? undefined : Number(editable.status);
      await tx
        .update(sysUser)
        .set({
          realname: editable.realname as string | undefined,
          phone: editable.mobile as string | undefined,
          post: editable.post as string | null | undefined,
          ...(status === undefined ? {} : { status }),
          ...(password ? { password: await hashPassword(String(password)), passwordChangedAt: null } : {}),
          updateBy: session.user.username,
          updateTime: new Date(),
        })
        .where(eq(sysUser.id, stored.userId));
      // A frozen login or a reset password ends the sessions it had.
      if (status === 2 || password)
        await tx.delete(sysUserToken).where(eq(sysUserToken.userId, stored.userId));
      return editable;
    },
    // The login goes with its staff row: soft-deleted, frozen, signed out, no longer an admin of anything.
    async afterDelete(rows, tx) {
      const userIds = rows.map((row) => String(row.userId));
      if (userIds.length === 0) return;
      await tx.update(sysUser).set({ delFlag: 1, status: 2 }).where(inArray(sysUser.id, userIds));
      await tx.delete(sysUserToken).where(inArray(sysUserToken.userId, userIds));
      await tx.delete(hyCustomerAdmin).where(inArray(hyCustomerAdmin.userId, userIds));
    },
  });
}
