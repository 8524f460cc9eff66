import {
  maskFees,
  ORDER_MODE,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  type OrderAction,
  orderBody,
  orderUpdateBody,
  REVIEW_STATE,
  SERVICE_FEE_MODE,
  USER_TYPE,
} from '@freight/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { registerResource } from '../../platform/resource/defineResource.ts';
import { hyCaptain } from './partySchema.ts';
import { hyAgent, hyCustomer } from './schema.ts';
import { fenCell, moneyInputsOf, noteMoneyColumns, tonnesCell } from './shippingMoney.ts';
import { nextNumber } from './shippingNumbers.ts';
import { hyOrder, hyShippingNote } from './shippingSchema.ts';

type Row = Record<string, unknown>;

export const isCustomerUser = (userType: number) =>
  userType === USER_TYPE.customer || userType === USER_TYPE.customerAdmin;

/**
 * Rows as the viewer may see them (spec §5): fee total added, agent-order fees '--' to others. Changes the
 * resource's response copies in place (see ResourceDef.presentRows).
 */
export function presentFeesFor(rows: Row[], request: FastifyRequest): Row[] {
  const viewer = { userType: request.session?.user.userType ?? 0, cid: request.session?.user.cid };
  for (const row of rows) maskFees(row, viewer);
  return rows;
}

/** The order's money inputs completed from its customer and agent, with the estimate for its planned weight. */
async function completeOrder(values: Row, request: FastifyRequest, tx: DbOrTx): Promise<Row> {
  const session = request.session;
  if (!session) throw unauthorized();
  const out: Row = { ...values };
  if (isCustomerUser(session.user.userType)) {
    if (!session.user.cid) throw bizError('当前账号未绑定货主');
    out.customerId = session.user.cid;
  }
  if (!out.customerId) throw bizError('请选择货主');
  const [customer] = await tx
    .select()
    .from(hyCustomer)
    .where(and(eq(hyCustomer.id, String(out.customerId)), eq(hyCustomer.tenantId, session.tenantId)));
  if (!customer) throw bizError('货主不存在');
  out.customerName = customer.customerName;
  out.settleMode = customer.settleMode;
  out.creditDays = customer.creditDays;
  if (out.serviceFeeMode === null || out.serviceFeeMode === undefined) {
    out.serviceFeeMode = SERVICE_FEE_MODE.percent;
    out.serviceFeeValue = customer.serviceRateBp;
  }
  out.serviceFeeValue = Number(out.serviceFeeValue ?? 0);
  const mode = Number(out.orderMode ?? ORDER_MODE.public);
  if (mode === ORDER_MODE.agent) {
    const [agent] = await tx
      .select()
      .from(hyAgent)
      .where(and(eq(hyAgent.id, String(out.agentId)), eq(hyAgent.tenantId, session.tenantId)));
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
    const [captain] = await tx
      .select({ id: hyCaptain.id })
      .from(hyCaptain)
      .where(and(eq(hyCaptain.id, String(out.captainId)), eq(hyCaptain.tenantId, session.tenantId)));
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

/** Locks an order of the caller's tenant (and customer, for customer users) for a state change. */
export async function lockOrder(tx: DbOrTx, request: FastifyRequest, id: string) {
  const session = request.session;
  if (!session) throw unauthorized();
  const conditions = [eq(hyOrder.id, id), eq(hyOrder.tenantId, session.tenantId)];
  if (isCustomerUser(session.user.userType)) conditions.push(eq(hyOrder.customerId, session.user.cid ?? ''));
  const [order] = await tx
    .select()
    .from(hyOrder)
    .where(and(...conditions))
    .for('update');
  if (!order) throw bizError('未找到对应数据');
  return order;
}

/**
 * Planned, dispatched and completed quantities recounted from the order's notes (kept consistent by
 * construction rather than by increments); a fully signed order completes itself. The caller holds the
 * order's row lock.
 */
export async function recountOrder(tx: DbOrTx, orderId: string): Promise<void> {
  const [sums] = await tx
    .select({
      dispatchedWeightG: sql<string>`coalesce(sum(${hyShippingNote.plannedWeightG}) filter (where ${hyShippingNote.status} >= 0), 0)`,
      dispatchedCount: sql<number>`(count(*) filter (where ${hyShippingNote.status} >= 0))::int`,
      completedWeightG: sql<string>`coalesce(sum(${hyShippingNote.settleWeightG}) filter (where ${hyShippingNote.status} >= 5), 0)`,
      completedCount: sql<number>`(count(*) filter (where ${hyShippingNote.status} >= 5))::int`,
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
  const fen = (title: string) => ({ type: 'number' as const, title, exportValue: fenCell });

  registerResource(app, ctx, {
    dataLog: true,
    path: '/order/hyOrder',
    permission: 'order',
    title: '货源订单',
    table: hyOrder,
    id: hyOrder.id,
    scope: { tenant: true, customer: 'customerId', dataRuleComponent: 'order/OrderList' },
    defaultOrder: [desc(hyOrder.createTime)],
    actions: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
    fields: {
      id: { column: hyOrder.id, type: 'string', filter: true },
      orderNo: { column: hyOrder.orderNo, type: 'string', filter: true, sort: true, title: '货源单号' },
      customerId: { column: hyOrder.customerId, type: 'string', filter: true },
      customerName: { column: hyOrder.customerName, type: 'string', filter: true, title: '货主' },
      orderMode: {
        column: hyOrder.orderMode,
        type: 'number',
        filter: true,
        dict: 'order_mode',
        title: '订单模式',
      },
      agentId: { column: hyOrder.agentId, type: 'string', filter: true },
      status: {
        column: hyOrder.status,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'order_status',
        title: '状态',
      },
      goodsName: { column: hyOrder.goodsName, type: 'string', filter: true, title: '货物名称' },
      cargoType: {
        column: hyOrder.cargoType,
        type: 'string',
        filter: true,
        dict: 'cargo_type',
        title: '货物分类',
      },
      loadCity: { column: hyOrder.loadCity, type: 'string', filter: true, title: '装货城市' },
      loadAddress: { column: hyOrder.loadAddress, type: 'string', title: '装货地址' },
      unloadCity: { column: hyOrder.unloadCity, type: 'string', filter: true, title: '卸货城市' },
      unloadAddress: { column: hyOrder.unloadAddress, type: 'string', title: '卸货地址' },
      plannedWeightG: {
        column: hyOrder.plannedWeightG,
        type: 'number',
        sort: true,
        title: '计划重量(吨)',
        exportValue: tonnesCell,
      },
      dispatchedWeightG: {
        column: hyOrder.dispatchedWeightG,
        type: 'number',
        title: '已派重量(吨)',
        exportValue: tonnesCell,
      },
      completedWeightG: {
        column: hyOrder.completedWeightG,
        type: 'number',
        title: '已完成重量(吨)',
        exportValue: tonnesCell,
      },
      priceMode: {
        column: hyOrder.priceMode,
        type: 'number',
        filter: true,
        dict: 'price_mode',
        title: '计价方式',
      },
      driverUnitPriceFen: { column: hyOrder.driverUnitPriceFen, ...fen('司机运价(元)') },
      settleMode: {
        column: hyOrder.settleMode,
        type: 'number',
        filter: true,
        dict: 'settle_mode',
        title: '结算方式',
      },
      driverFee: { column: hyOrder.driverFee, ...fen('司机运费(元)') },
      agentFee: { column: hyOrder.agentFee, ...fen('经纪人佣金(元)') },
      serviceFee: { column: hyOrder.serviceFee, ...fen('服务费(元)') },
      customerFee: { column: hyOrder.customerFee, sort: true, ...fen('货主运费(元)') },
      validFrom: { column: hyOrder.validFrom, type: 'date', filter: true, title: '有效期起' },
      validTo: { column: hyOrder.validTo, type: 'date', filter: true, sort: true, title: '有效期止' },
      createTime: { column: hyOrder.createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
    },
    createSchema: orderBody as unknown as z.ZodType<Row>,
    updateSchema: orderUpdateBody as unknown as z.ZodType<Row & { id: string }>,
    presentRows: presentFeesFor,
    async beforeWrite(values, mode, request, tx) {
      if (mode === 'edit') {
        const order = await lockOrder(tx, request, String(values.id));
        if (order.status !== ORDER_STATUS.draft && order.status !== ORDER_STATUS.paused)
          throw bizError('只有草稿或已暂停的货源可以修改');
        if (order.dispatchedCount > 0 && values.customerId && values.customerId !== order.customerId)
          throw bizError('已派单的货源不能更换货主');
        if (Number(values.plannedWeightG) < order.dispatchedWeightG)
          throw bizError('计划重量不能小于已派重量');
        const { orderNo: _no, status: _status, ...rest } = values;
        return completeOrder(rest, request, tx);
      }
      const completed = await completeOrder(values, request, tx);
      return { ...completed, orderNo: await nextNumber(tx, 'order_no'), status: ORDER_STATUS.draft };
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
      `/order/hyOrder/${action}`,
      {
        config: { access: perm(`order:${action}`) },
        schema: { body: z.object({ id: z.string().min(1).max(32) }) },
      },
      async (request) => {
        const session = request.session;
        if (!session) throw unauthorized();
        await ctx.db.transaction(async (tx) => {
          const order = await lockOrder(tx, request, request.body.id);
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
            if (order.validTo && order.validTo.getTime() < Date.now())
              throw bizError('货源已过有效期，不能发布');
          }
          if (action === 'cancel') {
            const [open] = await tx
              .select({ n: sql<number>`count(*)::int` })
              .from(hyShippingNote)
              .where(
                and(eq(hyShippingNote.orderId, order.id), sql`${hyShippingNote.status} between 0 and 5`),
              );
            if (Number(open?.n ?? 0) > 0) throw bizError('货源还有未完成的运单，不能取消');
          }
          await tx
            .update(hyOrder)
            .set({ status: step.to, updateBy: session.user.username, updateTime: new Date() })
            .where(and(eq(hyOrder.id, order.id), eq(hyOrder.status, order.status)));
        });
        listTotalsOf(ctx.db).invalidate('hy_order');
        return okMessage(`${step.label}成功`);
      },
    );
  }
}
