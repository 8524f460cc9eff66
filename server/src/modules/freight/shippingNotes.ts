import {
  ACTIVE_SHIPPING_STATUSES,
  correctBody,
  dispatchBody,
  loadBody,
  maskValue,
  type NoteView,
  noteIdBody,
  noteListColumns,
  noteResource,
  presentFees,
  REVIEW_STATE,
  reasonBody,
  SHIPPING_STATUS,
  SHIPPING_TRANSITIONS,
  type ShippingAction,
  signBody,
  UNPAID_PAY_STATUSES,
  USER_TYPE,
  unloadBody,
} from '@freight/contracts';
import { and, asc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { containing } from '../../platform/db/likePattern.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok } from '../../platform/http/envelope.ts';
import { recordNotFound } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { type Actor, correctNote, dispatchNote, transitionNote } from './noteTransitions.ts';
import { presentFeesFor } from './orders.ts';
import { hyDriver, hyDriverVehicle, hyVehicle } from './partySchema.ts';
import { actorOf } from './requestActor.ts';
import { chinaToday } from './shippingMoney.ts';
import { hyShippingNote, hyShippingNoteHistory } from './shippingSchema.ts';

const n = hyShippingNote;
type NoteRow = typeof hyShippingNote.$inferSelect;

/** Settlement due (the header counter's link `/shipping/list?state=1`): audited, unpaid, due day ≤ today — the counters' rule. */
export function settlementDue(today = chinaToday()): SQL {
  return and(
    eq(n.status, SHIPPING_STATUS.audited),
    inArray(n.payStatus, [...UNPAID_PAY_STATUSES]),
    lte(n.dueDate, today),
  ) as SQL;
}

/** A driver or vehicle that may be dispatched: approved and not blacklisted. */
const dispatchable = (party: typeof hyDriver | typeof hyVehicle) =>
  and(eq(party.state, REVIEW_STATE.approved), eq(party.blacklisted, false));

const viewerOf = (request: FastifyRequest) => ({
  userType: request.session?.user.userType ?? 0,
  cid: request.session?.user.cid,
});

export function shippingNoteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const _invalidate = () => tablesWritten(db, n);
  // The notes' own list and each named list (pay, audit, ...): its filter, code, columns and search.
  const bindings = (['main', ...Object.keys(noteResource.views ?? {})] as NoteView[]).map((view) =>
    bindResource(app, ctx, noteResource, n, {
      view: view === 'main' ? undefined : view,
      dataRuleComponent: 'shipping/ShippingNoteList',
      filters: { state: (raw) => (raw === '1' ? settlementDue() : undefined) },
      presentRows: presentFeesFor,
      listColumns: noteListColumns(view),
    }),
  );
  const allNotes = bindings[0];

  const present = (request: FastifyRequest, row: Record<string, unknown>) =>
    presentFees(
      {
        ...row,
        status_dictText: ctx.dicts.text('shipping_status', row.status) ?? String(row.status),
      },
      viewerOf(request),
    );

  /** A waybill step's route: the step runs for the signed-in user and answers the changed note with its message. */
  const stepRoute = <B extends z.ZodType>(
    path: string,
    permission: string,
    body: B,
    step: (actor: Actor, body: z.infer<B>) => Promise<NoteRow>,
    message: (note: NoteRow) => string,
  ) =>
    r.post(path, permitted(permission, { body }), async (request) => {
      // The body has passed `body`'s check; the type provider cannot name a generic schema's output.
      const note = await step(actorOf(request), request.body as z.infer<B>);
      tablesWritten(db, hyShippingNote);
      return ok(present(request, note), message(note));
    });

  stepRoute(
    '/shipping/hyShippingNote/dispatch',
    'shipping:note:dispatch',
    dispatchBody,
    (actor, body) => dispatchNote(ctx, actor, body),
    (note) => `派单成功，运单号 ${note.shippingNoteNumber}`,
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
  for (const action of Object.keys(SHIPPING_TRANSITIONS) as ShippingAction[])
    stepRoute(
      `/shipping/hyShippingNote/${action}`,
      `shipping:note:${action}`,
      bodies[action],
      (actor, input) => transitionNote(ctx, actor, action, input as Parameters<typeof transitionNote>[3]),
      () => `${SHIPPING_TRANSITIONS[action].label}成功`,
    );

  stepRoute(
    '/shipping/hyShippingNote/correct',
    'shipping:note:correct',
    correctBody,
    (actor, body) => correctNote(ctx, actor, body),
    () => '修正成功，金额已重新计算',
  );

  /** The note's steps (who, when, from, to) for the detail drawer's timeline. */
  r.get(
    '/shipping/hyShippingNote/history',
    permitted('shipping:note:list', { querystring: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      // The note's own list scope (tenant, party, data rules): another party's note answers as missing.
      const scope = await allNotes.whereFor(request, {});
      const [note] = await idsWhere(db, n, eq(n.id, request.query.id), scope);
      if (!note) throw recordNotFound();
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
    permitted('shipping:note:dispatch', {
      querystring: z.object({ keyword: z.string().trim().max(30).optional() }),
    }),
    async (request) => {
      const actor = actorOf(request);
      const keyword = request.query.keyword;
      const like = keyword ? containing(keyword) : undefined;
      // Drivers' mobiles are for platform staff: anybody else finds a driver by name or by the whole number
      // (a digit-by-digit search would spell the number out) and sees it masked.
      const staff = actor.userType === USER_TYPE.system;
      const byMobile = staff
        ? like && ilike(hyDriver.mobile, like)
        : keyword && /^1\d{10}$/.test(keyword)
          ? eq(hyDriver.mobile, keyword)
          : undefined;
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
            dispatchable(hyDriver),
            like ? or(ilike(hyDriver.driverName, like), byMobile || undefined) : undefined,
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
        .where(and(inArray(hyDriverVehicle.driverId, ids), dispatchable(hyVehicle)));
      const busy = await db
        .select({ driverId: n.driverId, vehicleId: n.vehicleId })
        .from(n)
        .where(
          and(
            inArray(n.status, [...ACTIVE_SHIPPING_STATUSES]),
            or(inArray(n.driverId, ids), inArray(n.vehicleId, vehicles.map((v) => v.id).concat(['']))),
          ),
        );
      const busyDrivers = new Set(busy.map((b) => b.driverId));
      const busyVehicles = new Set(busy.map((b) => b.vehicleId));
      return ok(
        drivers.map((d) => ({
          ...d,
          mobile: staff ? d.mobile : maskValue('mobile', d.mobile),
          busy: busyDrivers.has(d.id),
          vehicles: vehicles
            .filter((v) => v.driverId === d.id)
            .map(({ driverId: _d, ...v }) => ({ ...v, busy: busyVehicles.has(v.id) })),
        })),
      );
    },
  );

  // Header counters: settlement due by the customer's mode, each equal to /shipping/list?state=1 with that
  // settleMode (the 垫付到期 counter is the finance module's, equal to its pay list).
  const partyColumn = { customer: n.customerId, agent: n.agentId, captain: n.captainId } as const;
  ctx.counters.push(async ({ tenantId, party, partyId }) => {
    // A party user counts the notes of its own party only.
    const own = party ? eq(partyColumn[party], partyId ?? '') : undefined;
    const byMode = await db
      .select({ settleMode: n.settleMode, count: sql<number>`count(*)::int` })
      .from(n)
      .where(and(eq(n.tenantId, tenantId), own, settlementDue()))
      .groupBy(n.settleMode);
    const count = (mode: number) => Number(byMode.find((row) => row.settleMode === mode)?.count ?? 0);
    return {
      tangjieZhangQi: count(1),
      pijieZhangQi: count(2),
      yuejieZhangQi: count(3),
    };
  });
}
