import {
  FUEL_CAP_CONFIG_KEY,
  FUEL_CAP_DEFAULT_BP,
  maskFees,
  ORDER_MODE,
  ORDER_STAFF_FIELDS,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderAction,
  orderResource,
  orderUpdateBody,
  REVIEW_STATE,
  SERVICE_FEE_MODE,
  SHIPPING_STATUS,
  USER_TYPE,
} from '@freight/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { lockTenantRow } from '../../platform/db/tenantRows.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { hyConfig } from '../apps/index.ts';
import { placeNames } from '../system/index.ts';
import { emitOrderCreating } from './events.ts';
import type { Actor } from './noteTransitions.ts';
import { hyCaptain } from './partySchema.ts';
import { actorOf } from './requestActor.ts';
import { plannedDistanceKm } from './routeDistance.ts';
import { hyAgent, hyCustomer } from './schema.ts';
import { moneyInputsOf, noteMoneyColumns } from './shippingMoney.ts';
import { nextNumber } from './shippingNumbers.ts';
import { hyOrder, hyShippingNote } from './shippingSchema.ts';

type Row = Record<string, unknown>;

export const isCustomerUser = (userType: number) =>
  userType === USER_TYPE.customer || userType === USER_TYPE.customerAdmin;

/**
 * Rows as the viewer may see them: fee total added, agent-order fees '--' to others. Changes the
 * resource's response copies in place (see ResourceDef.presentRows).
 */
export function presentFeesFor(rows: Row[], request: FastifyRequest): Row[] {
  const viewer = { userType: request.session?.user.userType ?? 0, cid: request.session?.user.cid };
  for (const row of rows) maskFees(row, viewer);
  return rows;
}

/**
 * The agent and captain a shipper's user names on its order. The engine keeps party users off the other
 * parties' columns of a record; an order's agent and captain are chosen by its shipper and checked in
 * completeOrder.
 */
function namedParties(values: Row, request: FastifyRequest): void {
  if (!isCustomerUser(request.session?.user.userType ?? 0)) return;
  const body = request.body as Row;
  values.agentId = body.agentId;
  values.captainId = body.captainId;
}

/** The service fee of the customer's own rule: a rate for percent and gross-up, a price per tonne or trip. */
function customerServiceFee(customer: typeof hyCustomer.$inferSelect): { mode: number; value: number } {
  const mode = customer.serviceFeeMode;
  const byRate = mode === SERVICE_FEE_MODE.percent || mode === SERVICE_FEE_MODE.grossUp;
  return { mode, value: byRate ? customer.serviceRateBp : customer.serviceFeeFen };
}

const PLACES = [
  ['load', '装货'],
  ['unload', '卸货'],
] as const;

/**
 * A place picked by its division code takes the province, city and district names of that code, so the
 * names the regulator and the lists show always agree with the code; an unknown code is refused.
 */
async function namePlaces(tx: DbOrTx, out: Row): Promise<void> {
  for (const [prefix, label] of PLACES) {
    const code = out[`${prefix}AreaCode`];
    if (typeof code !== 'string' || code === '') continue;
    const names = await placeNames(tx, code);
    if (!names) throw bizError(`${label}行政区划代码不存在`);
    out[`${prefix}Province`] = names.province;
    out[`${prefix}City`] = names.city;
    out[`${prefix}District`] = names.district;
  }
}

/**
 * The order's money inputs completed from its customer and agent, with the estimate for its planned weight.
 * Only platform staff choose an order's service fee and commission (orderBodyFor); everybody else's order
 * takes the customer's and agent's rules, or on an edit keeps what staff set before.
 */
/**
 * The order's fuel-card ratio may not exceed the platform's cap (系统配置 oil_card_max_ratio_bp, default 30 %
 * of the driver's freight); a fixed amount is checked against each waybill's freight when it is paid.
 */
async function checkFuelShareCap(tx: DbOrTx, tenantId: number, values: Row): Promise<void> {
  if (Number(values.fuelCardMode) !== 1) return;
  const [row] = await tx
    .select({ value: hyConfig.configValue })
    .from(hyConfig)
    .where(and(eq(hyConfig.tenantId, tenantId), eq(hyConfig.configKey, FUEL_CAP_CONFIG_KEY)));
  const configured = Number(row?.value);
  const cap = row && Number.isFinite(configured) && configured >= 0 ? configured : FUEL_CAP_DEFAULT_BP;
  if (Number(values.fuelCardValue) > cap)
    throw bizError(`油卡比例不能超过司机运费的${cap / 100}%（当前${Number(values.fuelCardValue) / 100}%）`);
}

async function completeOrder(
  values: Row,
  actor: OrderActor,
  tx: DbOrTx,
  stored?: typeof hyOrder.$inferSelect,
): Promise<Row> {
  const out: Row = { ...values };
  const staff = actor.userType === USER_TYPE.system;
  if (!staff) {
    for (const field of ORDER_STAFF_FIELDS) delete out[field];
    // Who bears the tolls stays what staff chose (a new party order: deducted from the driver's freight).
    if (stored) out.etcRule = stored.etcRule;
    if (Number(out.etcRule ?? 0) === 1 && Number(out.etcMode ?? 0) !== 0)
      throw bizError('平台承担ETC时，不能再设置司机运费中的ETC金额');
    if (stored && (!out.customerId || out.customerId === stored.customerId)) {
      out.serviceFeeMode = stored.serviceFeeMode;
      out.serviceFeeValue = stored.serviceFeeValue;
      if (stored.orderMode === ORDER_MODE.agent && String(out.agentId ?? '') === stored.agentId) {
        out.agentFeeMode = stored.agentFeeMode;
        out.agentFeeValue = stored.agentFeeValue;
      }
    }
  }
  if (isCustomerUser(actor.userType)) {
    if (!actor.cid) throw bizError('当前账号未绑定货主');
    out.customerId = actor.cid;
  }
  if (!out.customerId) throw bizError('请选择货主');
  const [customer] = await tx
    .select()
    .from(hyCustomer)
    .where(and(eq(hyCustomer.id, String(out.customerId)), eq(hyCustomer.tenantId, actor.tenantId)));
  if (!customer) throw bizError('货主不存在');
  await checkFuelShareCap(tx, actor.tenantId, out);
  await namePlaces(tx, out);
  out.plannedDistanceKm = await plannedDistanceKm(tx, actor.tenantId, out);
  out.customerName = customer.customerName;
  out.settleMode = customer.settleMode;
  out.creditDays = customer.creditDays;
  if (out.serviceFeeMode === null || out.serviceFeeMode === undefined) {
    const rule = customerServiceFee(customer);
    out.serviceFeeMode = rule.mode;
    out.serviceFeeValue = rule.value;
  }
  out.serviceFeeValue = Number(out.serviceFeeValue ?? 0);
  const mode = Number(out.orderMode ?? ORDER_MODE.public);
  if (mode === ORDER_MODE.agent) {
    const [agent] = await tx
      .select()
      .from(hyAgent)
      .where(and(eq(hyAgent.id, String(out.agentId)), eq(hyAgent.tenantId, actor.tenantId)));
    if (!agent) throw bizError('经纪人不存在');
    if (out.agentFeeMode === null || out.agentFeeMode === undefined) {
      out.agentFeeMode = agent.feeMode;
      out.agentFeeValue = agent.feeValue;
    }
  } else {
    out.agentId = null;
    out.agentFeeMode = out.agentFeeMode ?? 2;
    out.agentFeeValue = 0;
  }
  if (mode === ORDER_MODE.captain) {
    const [captain] = await idsWhere(
      tx,
      hyCaptain,
      eq(hyCaptain.id, String(out.captainId)),
      eq(hyCaptain.tenantId, actor.tenantId),
    );
    if (!captain) throw bizError('车队长不存在');
  } else {
    out.captainId = null;
  }
  out.agentFeeValue = Number(out.agentFeeValue ?? 0);
  const planned = Number(out.plannedWeightG);
  const estimate = noteMoneyColumns(
    moneyInputsOf(out as Parameters<typeof moneyInputsOf>[0]),
    planned,
    planned,
  );
  out.driverFee = estimate.driverFee;
  out.serviceFee = estimate.serviceFee;
  out.agentFee = estimate.agentFee;
  out.customerFee = estimate.customerFee;
  return out;
}

/** Who writes an order: the signed-in user (actorOf) or the demo seeder's operations account. */
export type OrderActor = Actor;

/**
 * Locks a row of the caller's tenant (and of its customer, for customer users) for a state change; another
 * party's row answers like a missing one.
 */
export async function lockOwnedRow<
  T extends PgTable & { id: PgColumn; tenantId: PgColumn; customerId: PgColumn },
>(
  tx: DbOrTx,
  table: T,
  id: string,
  actor: Pick<OrderActor, 'tenantId' | 'userType' | 'cid'>,
): Promise<T['$inferSelect']> {
  return lockTenantRow(
    tx,
    table,
    actor.tenantId,
    eq(table.id, id),
    isCustomerUser(actor.userType) ? eq(table.customerId, actor.cid ?? '') : undefined,
  );
}

/** Locks an order of the caller's tenant (and customer, for customer users) for a state change. */
export function lockOrder(tx: DbOrTx, actor: OrderActor, id: string) {
  return lockOwnedRow(tx, hyOrder, id, actor);
}

/**
 * A new order's row as the add route stores it (a draft with its number, fees from the customer's and the
 * agent's rules): the route's engine inserts it; the demo seeder inserts it under its own stable id.
 */
export async function newOrderValues(db: object, tx: DbOrTx, actor: OrderActor, values: Row): Promise<Row> {
  const completed = await completeOrder(values, actor, tx);
  // Modules registered after freight fill in what they own (a loss rule's allowance and price).
  await emitOrderCreating(db, tx, completed, actor.tenantId);
  return { ...completed, orderNo: await nextNumber(tx, 'order_no'), status: ORDER_STATUS.draft };
}

/** One state change of an order (publish, pause, close, cancel) with its checks, in its own transaction. */
export async function stepOrder(
  ctx: Pick<AppContext, 'db' | 'dicts'>,
  actor: OrderActor,
  action: OrderAction,
  id: string,
): Promise<void> {
  const step = ORDER_TRANSITIONS[action];
  await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, actor, id);
    if (!(step.from as readonly number[]).includes(order.status)) {
      const text = ctx.dicts.text('order_status', order.status) ?? String(order.status);
      throw bizError(`货源当前状态为「${text}」，不能${step.label}`);
    }
    if (action === 'publish') {
      const [customer] = await tx
        .select({ state: hyCustomer.state })
        .from(hyCustomer)
        .where(eq(hyCustomer.id, order.customerId));
      if (customer?.state !== REVIEW_STATE.approved) throw bizError('货主未审核通过，不能发布货源');
      if (order.orderMode === ORDER_MODE.agent) {
        const [agent] = await tx
          .select({ state: hyAgent.state })
          .from(hyAgent)
          .where(eq(hyAgent.id, order.agentId ?? ''));
        if (agent?.state !== REVIEW_STATE.approved) throw bizError('经纪人未审核通过，不能发布货源');
      }
      if (order.validTo && order.validTo.getTime() < Date.now()) throw bizError('货源已过有效期，不能发布');
    }
    if (action === 'cancel') {
      const [open] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(hyShippingNote)
        .where(
          and(
            eq(hyShippingNote.orderId, order.id),
            sql`${hyShippingNote.status} between ${SHIPPING_STATUS.dispatched} and ${SHIPPING_STATUS.signed}`,
          ),
        );
      if (Number(open?.n ?? 0) > 0) throw bizError('货源还有未完成的运单，不能取消');
    }
    await tx
      .update(hyOrder)
      .set({ status: step.to, updateBy: actor.username, updateTime: new Date() })
      .where(and(eq(hyOrder.id, order.id), eq(hyOrder.status, order.status)));
  });
  tablesWritten(ctx.db, hyOrder);
}

/**
 * Planned, dispatched and completed quantities recounted from the order's notes (kept consistent by
 * construction rather than by increments); a fully signed order completes itself. The caller holds the
 * order's row lock.
 */
export async function recountOrder(tx: DbOrTx, orderId: string): Promise<void> {
  // Exits (cancelled, void, refused) are negative; signed and later count as completed.
  const live = sql`${hyShippingNote.status} >= ${SHIPPING_STATUS.dispatched}`;
  const done = sql`${hyShippingNote.status} >= ${SHIPPING_STATUS.signed}`;
  const [sums] = await tx
    .select({
      dispatchedWeightG: sql<string>`coalesce(sum(${hyShippingNote.plannedWeightG}) filter (where ${live}), 0)`,
      dispatchedCount: sql<number>`(count(*) filter (where ${live}))::int`,
      completedWeightG: sql<string>`coalesce(sum(${hyShippingNote.settleWeightG}) filter (where ${done}), 0)`,
      completedCount: sql<number>`(count(*) filter (where ${done}))::int`,
    })
    .from(hyShippingNote)
    .where(eq(hyShippingNote.orderId, orderId));
  const completedWeightG = Number(sums?.completedWeightG ?? 0);
  await tx
    .update(hyOrder)
    .set({
      dispatchedWeightG: Number(sums?.dispatchedWeightG ?? 0),
      dispatchedCount: Number(sums?.dispatchedCount ?? 0),
      completedWeightG,
      completedCount: Number(sums?.completedCount ?? 0),
      // Auto-complete when the signed quantity reaches the plan (reference-freight.md).
      status: sql`case when ${hyOrder.status} in (${ORDER_STATUS.published}, ${ORDER_STATUS.paused}) and ${completedWeightG} >= ${hyOrder.plannedWeightG} then ${ORDER_STATUS.completed} else ${hyOrder.status} end`,
    })
    .where(eq(hyOrder.id, orderId));
}

export function orderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, orderResource, hyOrder, {
    dataLog: true,
    dataRuleComponent: 'order/OrderList',
    updateSchema: orderUpdateBody,
    presentRows: presentFeesFor,
    async beforeWrite(values, mode, request, tx) {
      namedParties(values, request);
      const actor = actorOf(request);
      if (mode === 'edit') {
        const order = await lockOrder(tx, actor, String(values.id));
        if (order.status !== ORDER_STATUS.draft && order.status !== ORDER_STATUS.paused)
          throw bizError('只有草稿或已暂停的货源可以修改');
        if (order.dispatchedCount > 0 && values.customerId && values.customerId !== order.customerId)
          throw bizError('已派单的货源不能更换货主');
        if (Number(values.plannedWeightG) < order.dispatchedWeightG)
          throw bizError('计划重量不能小于已派重量');
        const { orderNo: _no, status: _status, ...rest } = values;
        return completeOrder(rest, actor, tx, order);
      }
      return newOrderValues(ctx.db, tx, actor, values);
    },
    async beforeDelete(ids, tx) {
      const rows = await tx
        .select({ status: hyOrder.status, dispatchedCount: hyOrder.dispatchedCount })
        .from(hyOrder)
        .where(inArray(hyOrder.id, ids));
      if (
        rows.some(
          (o) =>
            (o.status !== ORDER_STATUS.draft && o.status !== ORDER_STATUS.cancelled) || o.dispatchedCount > 0,
        )
      )
        throw bizError('只能删除草稿或已取消且未派单的货源');
    },
  });

  for (const action of Object.keys(ORDER_TRANSITIONS) as OrderAction[]) {
    const step = ORDER_TRANSITIONS[action];
    r.post(
      `${orderResource.path}/${action}`,
      permitted(`order:${action}`, { body: z.object({ id: z.string().min(1).max(32) }) }),
      async (request) => {
        await stepOrder(ctx, actorOf(request), action, request.body.id);
        return okMessage(`${step.label}成功`);
      },
    );
  }
}
