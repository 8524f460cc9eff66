import {
  correctBody,
  dispatchBody,
  loadBody,
  type NoteView,
  noteIdBody,
  noteListColumns,
  presentFees,
  REVIEW_STATE,
  reasonBody,
  SHIPPING_TRANSITIONS,
  type ShippingAction,
  signBody,
  UNPAID_PAY_STATUSES,
  unloadBody,
} from '@freight/contracts';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { type ResourceAction, registerResource } from '../../platform/resource/defineResource.ts';
import type { FieldMap } from '../../platform/resource/query.ts';
import { type Actor, correctNote, dispatchNote, transitionNote } from './noteTransitions.ts';
import { isCustomerUser, presentFeesFor } from './orders.ts';
import { hyDriver, hyDriverVehicle, hyVehicle } from './partySchema.ts';
import { chinaToday, fenCell, tonnesCell } from './shippingMoney.ts';
import { hyShippingNote, hyShippingNoteHistory } from './shippingSchema.ts';

const n = hyShippingNote;
const fen = (title: string) => ({ type: 'number' as const, title, exportValue: fenCell });
const tonnes = (title: string) => ({ type: 'number' as const, title, exportValue: tonnesCell });

/** Fields every note list searches, sorts and exports by (issue 8 §3). */
export const NOTE_FIELDS: FieldMap = {
  id: { column: n.id, type: 'string', filter: true },
  shippingNoteNumber: {
    column: n.shippingNoteNumber,
    type: 'string',
    filter: true,
    sort: true,
    title: '运单号',
  },
  serialNumber: { column: n.serialNumber, type: 'string', title: '分段序号' },
  orderNo: { column: n.orderNo, type: 'string', filter: true, title: '货源单号' },
  orderId: { column: n.orderId, type: 'string', filter: true },
  orderMode: { column: n.orderMode, type: 'number', filter: true, dict: 'order_mode', title: '订单模式' },
  customerId: { column: n.customerId, type: 'string', filter: true },
  customerName: { column: n.customerName, type: 'string', filter: true, title: '货主' },
  driverId: { column: n.driverId, type: 'string', filter: true },
  driverName: { column: n.driverName, type: 'string', filter: true, title: '司机' },
  driverMobile: { column: n.driverMobile, type: 'string', filter: true, title: '司机手机' },
  vehicleId: { column: n.vehicleId, type: 'string', filter: true },
  plateNo: { column: n.plateNo, type: 'string', filter: true, title: '车牌号' },
  agentId: { column: n.agentId, type: 'string', filter: true },
  goodsName: { column: n.goodsName, type: 'string', filter: true, title: '货物' },
  loadCity: { column: n.loadCity, type: 'string', filter: true, title: '装货城市' },
  loadAddress: { column: n.loadAddress, type: 'string', title: '装货地址' },
  unloadCity: { column: n.unloadCity, type: 'string', filter: true, title: '卸货城市' },
  unloadAddress: { column: n.unloadAddress, type: 'string', title: '卸货地址' },
  status: {
    column: n.status,
    type: 'number',
    filter: true,
    sort: true,
    dict: 'shipping_status',
    title: '运单状态',
  },
  payStatus: { column: n.payStatus, type: 'number', filter: true, dict: 'pay_status', title: '支付状态' },
  invoiceStatus: {
    column: n.invoiceStatus,
    type: 'number',
    filter: true,
    dict: 'invoice_status',
    title: '开票状态',
  },
  reportStatus: {
    column: n.reportStatus,
    type: 'number',
    filter: true,
    dict: 'report_status',
    title: '上报状态',
  },
  settleMode: { column: n.settleMode, type: 'number', filter: true, dict: 'settle_mode', title: '结算方式' },
  plannedWeightG: { column: n.plannedWeightG, ...tonnes('计划重量(吨)') },
  loadWeightG: { column: n.loadWeightG, sort: true, ...tonnes('装货重量(吨)') },
  unloadWeightG: { column: n.unloadWeightG, ...tonnes('卸货重量(吨)') },
  settleWeightG: { column: n.settleWeightG, ...tonnes('结算重量(吨)') },
  lossWeightG: { column: n.lossWeightG, ...tonnes('亏吨(吨)') },
  driverUnitPriceFen: { column: n.driverUnitPriceFen, ...fen('司机运价(元)') },
  lossDeductionFen: { column: n.lossDeductionFen, ...fen('亏吨扣款(元)') },
  driverFee: { column: n.driverFee, sort: true, ...fen('司机运费(元)') },
  serviceFee: { column: n.serviceFee, ...fen('服务费(元)') },
  agentFee: { column: n.agentFee, ...fen('经纪人佣金(元)') },
  customerFee: { column: n.customerFee, sort: true, ...fen('货主运费(元)') },
  fuelCardFen: { column: n.fuelCardFen, ...fen('油卡(元)') },
  etcFen: { column: n.etcFen, ...fen('ETC(元)') },
  prepayFen: { column: n.prepayFen, sort: true, ...fen('预付(元)') },
  finalPayFen: { column: n.finalPayFen, ...fen('尾款(元)') },
  contractNo: { column: n.contractNo, type: 'string', filter: true, title: '合同编号' },
  dueDate: { column: n.dueDate, type: 'string', filter: true, sort: true, title: '结算到期日' },
  createTime: { column: n.createTime, type: 'date', filter: true, sort: true, title: '派单时间' },
  acceptTime: { column: n.acceptTime, type: 'date', filter: true, title: '接单时间' },
  loadTime: { column: n.loadTime, type: 'date', filter: true, sort: true, title: '装货时间' },
  unloadTime: { column: n.unloadTime, type: 'date', filter: true, sort: true, title: '卸货时间' },
  signTime: { column: n.signTime, type: 'date', filter: true, sort: true, title: '签收时间' },
  auditTime: { column: n.auditTime, type: 'date', filter: true, sort: true, title: '审核时间' },
  closeReason: { column: n.closeReason, type: 'string', title: '取消/作废原因' },
};

/** Settlement due (spec §2 `/shipping/list?state=1`): audited, unpaid, due day ≤ today — the counters' rule. */
export function settlementDue(today = chinaToday()): SQL {
  return and(eq(n.status, 6), inArray(n.payStatus, [...UNPAID_PAY_STATUSES]), lte(n.dueDate, today)) as SQL;
}

/** Each list of spec §1 is a filtered view of the notes with its own permission (issue 8 §3). */
const VIEWS: Array<{ key: Exclude<NoteView, 'main'>; permission: string; title: string; where: SQL }> = [
  // what is due for payment: audited and not yet paid (the pay action arrives with the finance work)
  {
    key: 'pay',
    permission: 'shipping:pay',
    title: '支付运单',
    where: and(eq(n.status, 6), inArray(n.payStatus, [0, 1, 2, 5])) as SQL,
  },
  // prepay at loading: notes with a prepay share from loading on
  {
    key: 'prepay',
    permission: 'shipping:prepay',
    title: '预付运单',
    where: and(gt(n.prepayFen, 0), sql`${n.status} between 2 and 7`) as SQL,
  },
  // advance (垫付): already advanced, or audited credit customers' notes the platform may advance
  {
    key: 'advance',
    permission: 'shipping:advance',
    title: '垫付运单',
    where: or(
      eq(n.payStatus, 2),
      and(eq(n.status, 6), eq(n.payStatus, 0), inArray(n.settleMode, [2, 3])),
    ) as SQL,
  },
  // the transport contract is formed when the driver accepts
  { key: 'contract', permission: 'shipping:contract', title: '运输合同', where: isNotNull(n.contractNo) },
  { key: 'audit', permission: 'shipping:audit', title: '运单审核', where: eq(n.status, 5) },
  {
    key: 'history',
    permission: 'shipping:history',
    title: '历史运单',
    where: inArray(n.status, [7, -1, -2, -3]),
  },
  { key: 'track', permission: 'shipping:track', title: '轨迹查询', where: sql`${n.status} between 2 and 7` },
  // arrival list (到达): unloaded, awaiting sign-off
  { key: 'daoda', permission: 'shipping:daoda', title: '到达清单', where: eq(n.status, 4) },
];

const dueFilter = (query: Record<string, unknown>) =>
  String(query.state ?? '') === '1' ? settlementDue() : undefined;

export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (!session) throw unauthorized();
  return {
    username: session.user.username,
    userType: session.user.userType,
    cid: session.user.cid,
    tenantId: session.tenantId,
  };
}

const viewerOf = (request: FastifyRequest) => ({
  userType: request.session?.user.userType ?? 0,
  cid: request.session?.user.cid,
});

export function shippingNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const invalidate = () => listTotalsOf(db).invalidate('hy_shipping_note');
  const base = {
    title: '运单',
    table: n,
    id: n.id,
    scope: { tenant: true, customer: 'customerId', dataRuleComponent: 'shipping/ShippingNoteList' },
    defaultOrder: [desc(n.createTime)],
    fields: NOTE_FIELDS,
    presentRows: presentFeesFor,
  };
  // Notes are created by dispatch and changed only by their steps: no add, edit, delete or import here.
  registerResource(app, ctx, {
    ...base,
    path: '/shipping/hyShippingNote',
    permission: 'shipping:note',
    actions: ['list', 'queryById', 'exportXls'],
    customFilter: dueFilter,
    listColumns: noteListColumns('main'),
  });
  for (const view of VIEWS) {
    registerResource(app, ctx, {
      ...base,
      title: view.title,
      path: `/shipping/hyShippingNote/${view.key}`,
      permission: view.permission,
      actions: ['list', 'queryById', 'exportXls'] as ResourceAction[],
      viewWhere: view.where,
      customFilter: dueFilter,
      listColumns: noteListColumns(view.key),
    });
  }

  const present = (request: FastifyRequest, row: Record<string, unknown>) =>
    presentFees(
      {
        ...row,
        status_dictText: ctx.dicts.text('shipping_status', row.status) ?? String(row.status),
      },
      viewerOf(request),
    );

  r.post(
    '/shipping/hyShippingNote/dispatch',
    { config: { access: perm('shipping:note:dispatch') }, schema: { body: dispatchBody } },
    async (request) => {
      const note = await dispatchNote(ctx, request, actorOf(request), request.body);
      invalidate();
      listTotalsOf(db).invalidate('hy_order');
      return ok(present(request, note), `派单成功，运单号 ${note.shippingNoteNumber}`);
    },
  );

  const bodies: Record<ShippingAction, z.ZodType> = {
    accept: noteIdBody,
    refuse: reasonBody,
    cancel: reasonBody,
    load: loadBody,
    depart: noteIdBody,
    unload: unloadBody,
    sign: signBody,
    audit: noteIdBody,
    void: reasonBody,
  };
  for (const action of Object.keys(SHIPPING_TRANSITIONS) as ShippingAction[]) {
    r.post(
      `/shipping/hyShippingNote/${action}`,
      { config: { access: perm(`shipping:note:${action}`) }, schema: { body: bodies[action] } },
      async (request) => {
        const input = request.body as Parameters<typeof transitionNote>[3];
        const note = await transitionNote(ctx, actorOf(request), action, input);
        invalidate();
        if (['cancel', 'refuse', 'void', 'sign'].includes(action)) listTotalsOf(db).invalidate('hy_order');
        return ok(present(request, note), `${SHIPPING_TRANSITIONS[action].label}成功`);
      },
    );
  }

  r.post(
    '/shipping/hyShippingNote/correct',
    { config: { access: perm('shipping:note:correct') }, schema: { body: correctBody } },
    async (request) => {
      const note = await correctNote(ctx, actorOf(request), request.body);
      invalidate();
      return ok(present(request, note), '修正成功，金额已重新计算');
    },
  );

  /** The note's steps (who, when, from, to) for the detail drawer's timeline. */
  r.get(
    '/shipping/hyShippingNote/history',
    {
      config: { access: perm('shipping:note:list') },
      schema: { querystring: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) => {
      const actor = actorOf(request);
      const conditions = [eq(n.id, request.query.id), eq(n.tenantId, actor.tenantId)];
      if (isCustomerUser(actor.userType)) conditions.push(eq(n.customerId, actor.cid ?? ''));
      const [note] = await db
        .select({ id: n.id })
        .from(n)
        .where(and(...conditions));
      if (!note) throw bizError('未找到对应数据');
      const rows = await db
        .select()
        .from(hyShippingNoteHistory)
        .where(eq(hyShippingNoteHistory.noteId, note.id))
        .orderBy(asc(hyShippingNoteHistory.createTime), asc(hyShippingNoteHistory.id));
      return ok(
        rows.map((row) => ({
          ...row,
          fromStatus_dictText:
            row.fromStatus === null ? '' : (ctx.dicts.text('shipping_status', row.fromStatus) ?? ''),
          toStatus_dictText: ctx.dicts.text('shipping_status', row.toStatus) ?? String(row.toStatus),
        })),
      );
    },
  );

  /**
   * Drivers a note may be dispatched to: approved, not blacklisted, with their approved bound vehicles and
   * whether driver or vehicle is on an active trip (the dispatch form's picker).
   */
  r.get(
    '/shipping/hyShippingNote/dispatchOptions',
    {
      config: { access: perm('shipping:note:dispatch') },
      schema: { querystring: z.object({ keyword: z.string().trim().max(30).optional() }) },
    },
    async (request) => {
      const actor = actorOf(request);
      const keyword = request.query.keyword;
      const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const drivers = await db
        .select({
          id: hyDriver.id,
          driverName: hyDriver.driverName,
          mobile: hyDriver.mobile,
          drivingValidTo: hyDriver.drivingValidTo,
        })
        .from(hyDriver)
        .where(
          and(
            eq(hyDriver.tenantId, actor.tenantId),
            eq(hyDriver.state, REVIEW_STATE.approved),
            eq(hyDriver.blacklisted, false),
            like ? or(ilike(hyDriver.driverName, like), ilike(hyDriver.mobile, like)) : undefined,
          ),
        )
        .orderBy(asc(hyDriver.driverName))
        .limit(20);
      const ids = drivers.map((d) => d.id);
      if (ids.length === 0) return ok([]);
      const vehicles = await db
        .select({
          driverId: hyDriverVehicle.driverId,
          id: hyVehicle.id,
          plateNo: hyVehicle.plateNo,
          ratedLoadKg: hyVehicle.ratedLoadKg,
          isDefault: hyDriverVehicle.isDefault,
        })
        .from(hyDriverVehicle)
        .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
        .where(and(inArray(hyDriverVehicle.driverId, ids), eq(hyVehicle.state, REVIEW_STATE.approved)));
      const busy = await db
        .select({ driverId: n.driverId, vehicleId: n.vehicleId })
        .from(n)
        .where(
          and(
            sql`${n.status} between 0 and 3`,
            or(inArray(n.driverId, ids), inArray(n.vehicleId, vehicles.map((v) => v.id).concat(['']))),
          ),
        );
      const busyDrivers = new Set(busy.map((b) => b.driverId));
      const busyVehicles = new Set(busy.map((b) => b.vehicleId));
      return ok(
        drivers.map((d) => ({
          ...d,
          busy: busyDrivers.has(d.id),
          vehicles: vehicles
            .filter((v) => v.driverId === d.id)
            .map(({ driverId: _d, ...v }) => ({ ...v, busy: busyVehicles.has(v.id) })),
        })),
      );
    },
  );

  // Header counters (spec §3): settlement due by the customer's mode, and prepayments due.
  ctx.counters.push(async ({ tenantId }) => {
    const byMode = await db
      .select({ settleMode: n.settleMode, count: sql<number>`count(*)::int` })
      .from(n)
      .where(and(eq(n.tenantId, tenantId), settlementDue()))
      .groupBy(n.settleMode);
    const count = (mode: number) => Number(byMode.find((row) => row.settleMode === mode)?.count ?? 0);
    // Prepay due: loaded or later, with a prepay share, nothing paid yet.
    const [prepay] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(n)
      .where(
        and(
          eq(n.tenantId, tenantId),
          eq(n.payStatus, 0),
          gt(n.prepayFen, 0),
          gte(n.status, 2),
          lte(n.status, 6),
        ),
      );
    return {
      tangjieZhangQi: count(1),
      pijieZhangQi: count(2),
      yuejieZhangQi: count(3),
      dianfuZq: Number(prepay?.count ?? 0),
    };
  });
}
