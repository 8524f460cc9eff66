import { AUTH_MSG, REVIEW_STATE, USER_TYPE } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  isCustomerUser,
  isPlatformStaff,
  type LoginCheck,
  registerLoginCheck,
  registerTableDict,
  registerUniqueFields,
  sysUser,
} from '../system/index.ts';
import { hyAgent, hyCustomer, hyCustomerAdmin } from './schema.ts';

/**
 * Customer staff may sign in only while their customer is usable: staff of a frozen (status 2) or rejected
 * customer are refused; an admin of several customers moves to a usable one.
 */
const customerRefusal: LoginCheck = async (db, user) => {
  if (user.userType !== USER_TYPE.customer && user.userType !== USER_TYPE.customerAdmin) return null;
  const refusal = (c: { status: number; state: number }) =>
    c.status === 2
      ? AUTH_MSG.customerFrozen
      : c.state === REVIEW_STATE.rejected
        ? AUTH_MSG.customerRejected
        : null;
  let ids = user.cid ? [user.cid] : [];
  if (user.userType === USER_TYPE.customerAdmin) {
    const links = await db
      .select({ id: hyCustomerAdmin.customerId })
      .from(hyCustomerAdmin)
      .where(eq(hyCustomerAdmin.userId, user.id));
    ids = [...new Set([...ids, ...links.map((l) => l.id)])];
  }
  if (ids.length === 0) return null;
  const customers = await db
    .select({ id: hyCustomer.id, status: hyCustomer.status, state: hyCustomer.state })
    .from(hyCustomer)
    .where(inArray(hyCustomer.id, ids));
  if (customers.length === 0) return null;
  const current = customers.find((c) => c.id === user.cid);
  if (current && !refusal(current)) return null;
  const usable = customers.find((c) => !refusal(c));
  if (!usable) return refusal(current ?? customers[0]);
  await db.update(sysUser).set({ cid: usable.id }).where(eq(sysUser.id, user.id));
  user.cid = usable.id;
  return null;
};

/** What the system module's sign-in, dictionaries and form validators need to know of freight tables. */
export function registerFreightWithSystem(): void {
  registerLoginCheck('customer', customerRefusal);
  registerTableDict('hy_customer,customer_name,id', {
    table: hyCustomer,
    text: hyCustomer.customerName,
    value: hyCustomer.id,
    // Customer staff pick only their own customer; everyone else the customers of the tenant.
    scope: (s) =>
      s.user.userType === USER_TYPE.customer || s.user.userType === USER_TYPE.customerAdmin
        ? eq(hyCustomer.id, s.user.cid ?? '')
        : eq(hyCustomer.tenantId, s.tenantId),
    filters: { status: hyCustomer.status, state: hyCustomer.state, settle_mode: hyCustomer.settleMode },
    readers: (s) => isPlatformStaff(s) || isCustomerUser(s),
  });
  // Customer staff pick the agent of an agent order; an agent sees itself only.
  registerTableDict('hy_agent,agent_name,id', {
    table: hyAgent,
    text: hyAgent.agentName,
    value: hyAgent.id,
    scope: (s) =>
      s.user.userType === USER_TYPE.agent
        ? and(eq(hyAgent.tenantId, s.tenantId), eq(hyAgent.id, s.user.cid ?? ''))
        : eq(hyAgent.tenantId, s.tenantId),
    readers: (s) => isPlatformStaff(s) || isCustomerUser(s) || s.user.userType === USER_TYPE.agent,
  });
  registerUniqueFields('hy_customer', {
    table: hyCustomer,
    id: hyCustomer.id,
    columns: { credit_code: hyCustomer.creditCode, customer_name: hyCustomer.customerName },
  });
  registerUniqueFields('hy_agent', {
    table: hyAgent,
    id: hyAgent.id,
    columns: { id_card: hyAgent.idCard, mobile: hyAgent.mobile },
  });
}
