// Demo orders (货源) and shipping notes (运单): Nanjing → Shanghai steel orders over the last 90 days of the
// approved shippers (the `shipper` and `shipper_admin` accounts' customers among them), in all four order modes
// (agent orders of the `agent01` account's agent, captain orders of the `captain01` account's captain), notes in
// every lifecycle state on approved drivers and their bound vehicles, and the GPS track of every note that left
// the yard. Orders are made and published, notes dispatched and moved through their steps by the product's own
// services (so fees, money, order quantities, vehicle states and history are the product's); then their clock
// is set back to when the demo says they happened: a note's state follows its age (a note dispatched an hour
// ago is on its way, one of last month audited or paid).
import {
  ORDER_MODE,
  orderBody,
  PLATFORM_TIME_ZONE,
  REVIEW_STATE,
  SAMPLE_ORDER_ROUTE,
  SHIPPING_STATUS,
  type ShippingAction,
  settlementDueDate,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  type Actor,
  dispatchNote,
  type NoteServices,
  type StepInput,
  transitionNote,
} from '../../modules/freight/noteTransitions.ts';
import { newOrderValues, stepOrder } from '../../modules/freight/orders.ts';
import { hyCaptain, hyDriver, hyDriverVehicle, hyVehicle } from '../../modules/freight/partySchema.ts';
import { hyAgent, type hyCustomer } from '../../modules/freight/schema.ts';
import {
  hyOrder,
  hyShippingNote,
  hyShippingNoteHistory,
  hyTrackPoint,
} from '../../modules/freight/shippingSchema.ts';
import { carrierPenaltyClause, setCarrierPenaltyClause } from '../../modules/freight/transportContracts.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { stableId } from '../seed.ts';
import { approvedCustomers } from './approved.ts';
import { Random } from './random.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

const HOUR_MS = 3_600_000;
/** The demo carrier contracts' violation clause: 5 % of the driver's freight. */
const DEMO_PENALTY_PCT = 5;
const DAY_MS = 24 * HOUR_MS;
const BATCH = 500;
/**
 * Per scale: orders with notes (6 each) over the last 90 days, every `recentEvery`th of them dispatched over
 * the last hours (the notes on the road); and the orders that show the other order states (no notes).
 */
export const SHIPPING_PER_SCALE = { orders: 56, notesPerOrder: 6, recentEvery: 7, days: 86 } as const;
/** Order modes (ORDER_MODE) in the order a customer's orders take them. */
const MODES = [ORDER_MODE.public, ORDER_MODE.agent, ORDER_MODE.assigned, ORDER_MODE.captain] as const;
/** Hours a recent order's notes span (the oldest is audited, the newest just dispatched). */
const RECENT_HOURS = 40;

/** Every demo note runs between the two works of the sample route. */
const ROUTE = SAMPLE_ORDER_ROUTE;
/** Waypoints of the G42 motorway between them (Zhenjiang, Changzhou, Wuxi, Suzhou), for a track that bends. */
const ROAD: Array<[number, number]> = [
  [ROUTE.loadLng, ROUTE.loadLat],
  [119.4249, 32.1877],
  [119.9741, 31.8112],
  [120.3119, 31.4912],
  [120.6196, 31.3179],
  [121.1657, 31.3896],
  [ROUTE.unloadLng, ROUTE.unloadLat],
];
const GOODS = ['螺纹钢', '热轧卷板', '冷轧卷', '线材', '钢坯', '镀锌板'];

/** States in which a note holds its driver and vehicle. */
const ACTIVE = new Set<number>([0, 1, 2, 3]);

/** A point `f` (0…1) of the way along the road, by length of its segments. */
function along(f: number): [number, number] {
  const lengths = ROAD.slice(1).map((p, i) => Math.hypot(p[0] - ROAD[i][0], p[1] - ROAD[i][1]));
  let rest = Math.min(1, Math.max(0, f)) * lengths.reduce((a, b) => a + b, 0);
  for (let i = 0; i < lengths.length; i++) {
    if (rest <= lengths[i] || i === lengths.length - 1) {
      const t = lengths[i] === 0 ? 0 : Math.min(1, rest / lengths[i]);
      return [ROAD[i][0] + (ROAD[i + 1][0] - ROAD[i][0]) * t, ROAD[i][1] + (ROAD[i + 1][1] - ROAD[i][1]) * t];
    }
    rest -= lengths[i];
  }
  return ROAD[ROAD.length - 1];
}

const chinaDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PLATFORM_TIME_ZONE }).format(new Date(ms));

/** Ids of the approved agents or captains, in id order. */
async function approvedIds(db: Db, table: typeof hyAgent | typeof hyCaptain): Promise<string[]> {
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.state, REVIEW_STATE.approved))
    .orderBy(asc(table.id));
  return rows.map((r) => r.id);
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/** The operations account of the demo: its name marks the demo's notes (create_by 'demo'). */
const DEMO_ACTOR: Actor = { username: 'demo', userType: USER_TYPE.system, cid: null, tenantId: 0 };
/** Messages of refused steps are not shown: no dictionary texts needed. */
const NO_DICTS: NoteServices['dicts'] = { text: () => undefined, items: () => [] };

/** The steps that bring a dispatched note to each state, with what each step is given. */
function stepsTo(status: number, weights: { loadWeightG: number; unloadWeightG: number }) {
  const forward: Array<[ShippingAction, Partial<StepInput>]> = [
    ['accept', {}],
    ['load', { loadWeightG: weights.loadWeightG, loadPhoto: 'demo/weighbridge-load.jpg' }],
    ['depart', {}],
    ['unload', { unloadWeightG: weights.unloadWeightG, unloadPhoto: 'demo/weighbridge-unload.jpg' }],
    ['sign', {}],
    ['audit', {}],
  ];
  if (status === SHIPPING_STATUS.cancelled) return [['cancel', { reason: '货主取消发货' }]] as typeof forward;
  if (status === SHIPPING_STATUS.refused)
    return [['refuse', { reason: '司机临时有事，拒单' }]] as typeof forward;
  if (status === SHIPPING_STATUS.void) return [['void', { reason: '重复派单，作废' }]] as typeof forward;
  return forward.slice(0, Math.min(status, SHIPPING_STATUS.audited));
}

/**
 * Dispatches a note and takes it through the steps to `status` with the product's services; undefined when
 * the product refuses (e.g. a certificate lapsed today): the demo then simply has one note fewer.
 */
async function driveNote(
  services: NoteServices,
  status: number,
  trip: {
    orderId: string;
    driverId: string;
    vehicleId: string;
    plannedWeightG: number;
    loadWeightG: number;
    unloadWeightG: number;
  },
): Promise<string | undefined> {
  try {
    const note = await dispatchNote(services, DEMO_ACTOR, {
      orderId: trip.orderId,
      driverId: trip.driverId,
      vehicleId: trip.vehicleId,
      plannedWeightG: trip.plannedWeightG,
    });
    for (const [action, input] of stepsTo(status, trip))
      await transitionNote(services, DEMO_ACTOR, action, { id: note.id, ...input });
    return note.id;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** Hours after dispatch at which each step of a demo trip happened. */
const STEP_HOURS: Record<string, number> = {
  dispatch: 0,
  accept: 0.5,
  load: 2,
  depart: 2.5,
  unload: 7.5,
  sign: 8,
  audit: 20,
  cancel: 1,
  refuse: 1,
  void: 1,
};

/** A note the seeder drove, with when the demo says it was dispatched. */
interface Dated {
  id: string;
  status: number;
  dispatchAt: number;
  settleMode: number;
  creditDays: number;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Sets the notes' clocks back so that each was dispatched at its `dispatchAt`, its steps spread as a real
 * trip's (the note's times and its history rows), a few hundred notes per statement.
 */
async function backdate(db: Db, notes: Dated[]): Promise<void> {
  for (const batch of chunks(notes)) {
    const values = batch.map(({ id, status, dispatchAt, settleMode, creditDays }) => {
      const at = (hours: number) => dispatchAt + hours * HOUR_MS;
      const reached = (s: number) => status >= s && status <= SHIPPING_STATUS.completed;
      const audit = reached(SHIPPING_STATUS.audited) ? at(STEP_HOURS.audit) : null;
      // The settlement is due counted from the day of the audit, as the audit step counts it.
      const due = audit === null ? null : settlementDueDate(settleMode, creditDays, chinaDay(audit));
      return sql`(${id}, ${iso(at(0))}::timestamptz, ${iso(reached(1) ? at(STEP_HOURS.accept) : null)}::timestamptz,
        ${iso(reached(2) ? at(STEP_HOURS.load) : null)}::timestamptz, ${iso(reached(3) ? at(STEP_HOURS.depart) : null)}::timestamptz,
        ${iso(reached(4) ? at(STEP_HOURS.unload) : null)}::timestamptz, ${iso(reached(5) ? at(STEP_HOURS.sign) : null)}::timestamptz,
        ${iso(audit)}::timestamptz, ${due}::date, ${iso(status < 0 ? at(1) : null)}::timestamptz)`;
    });
    const v = sql`(values ${sql.join(values, sql`, `)}) as v(id, at, accept, load, depart, unload, sign, audit, due, close)`;
    // Payment completes a note: the finance seeder pays the ones the demo shows completed.
    await db.execute(sql`update ${hyShippingNote} set
      create_time = v.at, dispatch_time = v.at, accept_time = v.accept, load_time = v.load,
      depart_time = v.depart, unload_time = v.unload, sign_time = v.sign, audit_time = v.audit,
      due_date = v.due, complete_time = null, close_time = v.close, update_time = null
      from ${v} where ${hyShippingNote.id} = v.id`);
    const hoursOf = sql.join(
      Object.entries(STEP_HOURS).map(([action, hours]) => sql`when ${action} then ${hours}::float8`),
      sql` `,
    );
    await db.execute(sql`update ${hyShippingNoteHistory} set
      create_time = v.at + (case ${hyShippingNoteHistory.action} ${hoursOf} else 0 end) * interval '1 hour'
      from ${v} where ${hyShippingNoteHistory.noteId} = v.id`);
  }
}

/** The states of the recent notes in turn (at least one recent order shows every state on the road). */
const RECENT_STATES = [
  SHIPPING_STATUS.dispatched,
  SHIPPING_STATUS.accepted,
  SHIPPING_STATUS.loaded,
  SHIPPING_STATUS.inTransit,
  SHIPPING_STATUS.unloaded,
  SHIPPING_STATUS.signed,
  SHIPPING_STATUS.inTransit,
  SHIPPING_STATUS.audited,
  SHIPPING_STATUS.signed,
  SHIPPING_STATUS.accepted,
  SHIPPING_STATUS.inTransit,
  SHIPPING_STATUS.audited,
] as const;

/** Hours since dispatch within which a note is in each state, its steps taken at STEP_HOURS. */
const HOURS_IN: Record<number, [number, number]> = {
  [SHIPPING_STATUS.dispatched]: [0.05, STEP_HOURS.accept],
  [SHIPPING_STATUS.accepted]: [STEP_HOURS.accept, STEP_HOURS.load],
  [SHIPPING_STATUS.loaded]: [STEP_HOURS.load, STEP_HOURS.depart],
  [SHIPPING_STATUS.inTransit]: [STEP_HOURS.depart, STEP_HOURS.unload],
  [SHIPPING_STATUS.unloaded]: [STEP_HOURS.unload, STEP_HOURS.sign],
  [SHIPPING_STATUS.signed]: [STEP_HOURS.sign, STEP_HOURS.audit],
  [SHIPPING_STATUS.audited]: [STEP_HOURS.audit, RECENT_HOURS],
};

/**
 * The state of an older note (dispatched days ago): most audited and then paid (completed by the finance
 * seeder), some still audited and unpaid (due), a few still waiting for the receipt or the audit, and the exits.
 */
function olderState(index: number): { status: number; complete: boolean } {
  const exits: Record<number, number> = {
    17: SHIPPING_STATUS.cancelled,
    18: SHIPPING_STATUS.void,
    19: SHIPPING_STATUS.refused,
  };
  const exit = exits[index % 20];
  if (exit !== undefined) return { status: exit, complete: false };
  if (index % 40 === 7) return { status: SHIPPING_STATUS.unloaded, complete: false };
  if (index % 20 === 13) return { status: SHIPPING_STATUS.signed, complete: false };
  return { status: SHIPPING_STATUS.audited, complete: index % 5 !== 4 };
}

type Customer = typeof hyCustomer.$inferSelect;
interface Crew {
  driverId: string;
  vehicleId: string;
  captainId: string | null;
  agentId: string | null;
  ratedLoadKg: number | null;
}

/** A full load of 32 t, or what the vehicle is rated for when that is less (never an overload). */
const FULL_LOAD_G = 32_000_000;
const capacityOf = (crew: Crew) => Math.min(FULL_LOAD_G, (crew.ratedLoadKg ?? FULL_LOAD_G / 1000) * 1000);

/** Whose orders the demo shows, in turn: the `shipper` account's customer every sixth, `shipper_admin`'s every twelfth. */
function customerPlan(customers: Customer[]) {
  const byKey = (key: string) => customers.find((c) => c.id === stableId('customer', key));
  const shipper = byKey('hengda-build');
  const admins = [byKey('east-steel'), byKey('luxi-chem')].filter((c): c is Customer => !!c);
  const accounts = new Set([shipper?.id, ...admins.map((c) => c.id)]);
  const others = customers.filter((c) => !accounts.has(c.id));
  const pool = others.length ? others : customers;
  let next = 0;
  return (o: number): { customer: Customer; account: boolean } => {
    if (o % 6 === 0 && shipper) return { customer: shipper, account: true };
    if (o % 6 === 3 && admins.length)
      return { customer: admins[((o / 3 - 1) / 2) % admins.length] ?? admins[0], account: true };
    return { customer: pool[next++ % pool.length] as Customer, account: false };
  };
}

/** Rows of the order of `o` as a staff member enters it on the order form (the server adds fees and names). */
function orderInput(o: number, customer: Customer, created: number, now: number, notes: number) {
  const random = Random.of(`order:${o}`);
  return {
    customerId: customer.id,
    goodsName: GOODS[o % GOODS.length],
    cargoType: '0400',
    ...ROUTE,
    plannedWeightG: Math.max(1, notes) * 32_000_000,
    priceMode: 1,
    driverUnitPriceFen: random.pick([12_000, 13_500, 15_000, 16_800]),
    settleWeightBasis: 3,
    lossAllowanceMode: o % 2 === 0 ? 1 : 2,
    lossAllowanceValue: o % 2 === 0 ? 200_000 : 3,
    lossUnitPriceFen: 400_000,
    lossDeductWhole: false,
    fuelCardMode: o % 3 === 0 ? 1 : 0,
    fuelCardValue: o % 3 === 0 ? 2_000 : 0,
    etcMode: 0,
    etcValue: 0,
    prepayMode: o % 4 === 0 ? 2 : 0,
    prepayValue: o % 4 === 0 ? 100_000 : 0,
    validFrom: new Date(created),
    validTo: new Date(now + 30 * DAY_MS),
  };
}

export const shippingSeeder: DemoSeeder = {
  name: 'shipping',
  async run(db: Db, ctx: DemoContext) {
    const now = ctx.now.getTime();
    // The platform's carrier template carries the violation clause before the first accept signs a contract
    // with it (the risk seeder's deductions are taken under it).
    if ((await carrierPenaltyClause(db, 0)).penaltyPct === null)
      await setCarrierPenaltyClause(db, 0, DEMO_PENALTY_PCT, 'demo');
    const customers = await approvedCustomers(db);
    const agents = await approvedIds(db, hyAgent);
    const captains = await approvedIds(db, hyCaptain);
    // Approved drivers off the blacklist with an approved default vehicle: one trip at a time each.
    const crews: Crew[] = await db
      .select({
        driverId: hyDriver.id,
        vehicleId: hyVehicle.id,
        captainId: hyDriver.captainId,
        agentId: hyDriver.agentId,
        ratedLoadKg: hyVehicle.ratedLoadKg,
      })
      .from(hyDriverVehicle)
      .innerJoin(hyDriver, eq(hyDriver.id, hyDriverVehicle.driverId))
      .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
      .where(
        and(
          eq(hyDriverVehicle.isDefault, true),
          eq(hyDriver.state, REVIEW_STATE.approved),
          eq(hyDriver.blacklisted, false),
          eq(hyVehicle.state, REVIEW_STATE.approved),
        ),
      )
      .orderBy(asc(hyDriver.id));
    const rows = { orders: 0, notes: 0, trackPoints: 0 };
    if (customers.length === 0 || crews.length === 0) return rows;
    const ownAgent = agents.find((id) => id === stableId('agent', 'agent01'));
    const ownCaptain = captains.find((id) => id === stableId('captain', 'captain01'));
    const otherAgents = agents.filter((id) => id !== ownAgent);
    const otherCaptains = captains.filter((id) => id !== ownCaptain);
    // Crews on an active trip (a note seeded before, or made by hand) are left alone.
    const busy = new Set(
      (
        await db
          .select({ vehicleId: hyShippingNote.vehicleId, driverId: hyShippingNote.driverId })
          .from(hyShippingNote)
          .where(inArray(hyShippingNote.status, [...ACTIVE]))
      ).flatMap((r) => [r.vehicleId, r.driverId]),
    );
    const free = (crew: Crew) => !busy.has(crew.vehicleId) && !busy.has(crew.driverId);
    let crewAt = 0;
    /** The next free crew, a party's own first (a captain's drivers drive its orders, an agent brings its own). */
    const crewFor = (party: (crew: Crew) => boolean): Crew | undefined => {
      const own = crews.filter((c) => party(c) && free(c));
      if (own.length) return own[crewAt++ % own.length];
      for (let tries = 0; tries < crews.length; tries++) {
        const crew = crews[crewAt++ % crews.length] as Crew;
        if (free(crew)) return crew;
      }
      return undefined;
    };

    const services: NoteServices = { db, dicts: NO_DICTS };
    const points: Array<typeof hyTrackPoint.$inferInsert> = [];
    const dated: Dated[] = [];
    const planOf = customerPlan(customers);
    const modeCount = new Map<string, number>();
    const orderCount = ctx.orders ?? SHIPPING_PER_SCALE.orders * ctx.scale;
    let recentAt = 0;
    const stored = new Set(
      (await db.select({ id: hyOrder.id }).from(hyOrder).where(eq(hyOrder.createBy, 'demo'))).map(
        (r) => r.id,
      ),
    );
    for (let o = 0; o < orderCount; o++) {
      const { customer, account } = planOf(o);
      const turn = modeCount.get(customer.id) ?? 0;
      modeCount.set(customer.id, turn + 1);
      const id = stableId('demo-order', String(o));
      const recent = o % SHIPPING_PER_SCALE.recentEvery === SHIPPING_PER_SCALE.recentEvery - 1;
      const recentIndex = recent ? recentAt++ : -1;
      // An order seeded before keeps its notes: a second run adds nothing.
      if (stored.has(id)) continue;
      const random = Random.of(`order:${o}`);
      const mode = MODES[Math.floor(o / 2) % MODES.length] as number;
      // The accounts' own agent and captain on the accounts' customers' orders, and on every other one of the rest.
      const agentId =
        account || turn % 8 < 4 || !otherAgents.length ? ownAgent : otherAgents[turn % otherAgents.length];
      const captainId =
        account || turn % 8 < 4 || !otherCaptains.length
          ? ownCaptain
          : otherCaptains[turn % otherCaptains.length];
      const n = SHIPPING_PER_SCALE.notesPerOrder;
      // Older orders are spread over the past 90 days; a recent order's notes over the last hours.
      const created = recent
        ? now - (RECENT_HOURS + 1) * HOUR_MS - random.int(0, 59) * 60_000
        : now -
          (3 + ((orderCount - o) / orderCount) * SHIPPING_PER_SCALE.days) * DAY_MS +
          random.int(0, 23) * HOUR_MS;
      const order = await makeOrder(
        db,
        id,
        {
          ...orderInput(o, customer, created, now, n),
          orderMode: mode,
          agentId: mode === ORDER_MODE.agent ? (agentId ?? null) : null,
          captainId: mode === ORDER_MODE.captain ? (captainId ?? null) : null,
        },
        created,
      );
      if (!order) continue;
      rows.orders++;
      const party = (crew: Crew) =>
        mode === ORDER_MODE.captain
          ? crew.captainId === order.captainId
          : mode === ORDER_MODE.agent
            ? crew.agentId === order.agentId
            : true;
      for (let k = 0; k < n; k++) {
        const index = o * n + k;
        const noteRandom = Random.of(`note:${index}`);
        let status: number;
        let complete = false;
        let dispatchAt: number;
        if (recent) {
          // Dispatched as long ago as its state says (somewhere within the state's hours).
          const slot = recentIndex * n + k;
          status = RECENT_STATES[slot % RECENT_STATES.length] as number;
          const [from, to] = HOURS_IN[status] as [number, number];
          dispatchAt = now - (from + ((slot * 0.618_034) % 1) * (to - from)) * HOUR_MS;
        } else {
          ({ status, complete } = olderState(index));
          dispatchAt = created + (k + 1) * 6 * HOUR_MS + noteRandom.int(0, 59) * 60_000;
        }
        const crew = crewFor(party);
        if (!crew) continue;
        // Loaded to the vehicle's capacity, a little under or (within the tolerance) over it.
        const plannedWeightG = capacityOf(crew);
        const loadWeightG =
          plannedWeightG + noteRandom.int(-150, Math.floor(plannedWeightG / 100_000)) * 1000;
        // Mostly a small loss within the allowance, now and then one beyond it.
        const unloadWeightG = loadWeightG - (index % 12 === 0 ? 320_000 : noteRandom.int(0, 60) * 1000);
        const noteId = await driveNote(services, status, {
          orderId: order.id,
          driverId: crew.driverId,
          vehicleId: crew.vehicleId,
          plannedWeightG,
          loadWeightG,
          unloadWeightG,
        });
        if (!noteId) continue;
        rows.notes++;
        // A crew makes one trip of the last hours (its track would cross another's), and holds it while active.
        if (recent || ACTIVE.has(status)) {
          busy.add(crew.vehicleId);
          busy.add(crew.driverId);
        }
        if (complete) ctx.notesToComplete.push(noteId);
        dated.push({
          id: noteId,
          status,
          dispatchAt,
          settleMode: order.settleMode,
          creditDays: order.creditDays,
        });
        if (status >= SHIPPING_STATUS.loaded)
          trackOf(points, crew.vehicleId, status, dispatchAt, now, noteRandom);
      }
      // Some older orders closed once their notes ran (the rest completed by their notes or still open).
      if (!recent && o % 9 === 1)
        await stepOrder(services, DEMO_ACTOR, 'close', order.id).catch(ignoreRefusal);
    }
    // The other order states, on orders without notes: a draft, a paused, a cancelled order per scale.
    for (let e = 0; e < 3 * ctx.scale; e++) {
      const id = stableId('demo-order', `idle:${e}`);
      if (stored.has(id)) continue;
      const { customer } = planOf(orderCount + e);
      const created = now - (1 + (e % 5)) * DAY_MS;
      const order = await makeOrder(
        db,
        id,
        { ...orderInput(orderCount + e, customer, created, now, 4), orderMode: ORDER_MODE.public },
        created,
        e % 3 !== 0,
      );
      if (!order) continue;
      rows.orders++;
      if (e % 3 === 1) await stepOrder(services, DEMO_ACTOR, 'pause', order.id).catch(ignoreRefusal);
      if (e % 3 === 2) await stepOrder(services, DEMO_ACTOR, 'cancel', order.id).catch(ignoreRefusal);
    }
    await backdate(db, dated);
    for (const batch of chunks(points)) await db.insert(hyTrackPoint).values(batch).onConflictDoNothing();
    rows.trackPoints = points.length;
    return rows;
  },
};

function ignoreRefusal(error: unknown): void {
  if (!(error instanceof AppError)) throw error;
}

/**
 * An order as the order form makes it (the add route's values: fees from the customer's and agent's rules, the
 * order number), stored under the demo's stable id and published by the publish step; undefined when refused.
 */
async function makeOrder(
  db: Db,
  id: string,
  input: Record<string, unknown>,
  created: number,
  publish = true,
): Promise<
  | { id: string; agentId: string | null; captainId: string | null; settleMode: number; creditDays: number }
  | undefined
> {
  const body = orderBody.parse(input);
  try {
    const values = await db.transaction(async (tx) => {
      const row = await newOrderValues(db, tx, DEMO_ACTOR, body);
      const [inserted] = await tx
        .insert(hyOrder)
        .values({
          ...(row as typeof hyOrder.$inferInsert),
          id,
          createBy: DEMO_ACTOR.username,
          createTime: new Date(created),
        })
        .onConflictDoNothing()
        .returning({
          id: hyOrder.id,
          agentId: hyOrder.agentId,
          captainId: hyOrder.captainId,
          settleMode: hyOrder.settleMode,
          creditDays: hyOrder.creditDays,
        });
      return inserted;
    });
    if (values && publish) await stepOrder({ db, dicts: NO_DICTS }, DEMO_ACTOR, 'publish', values.id);
    return values;
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/**
 * The road from loading to unloading (or to where the truck is now): a point a minute over the last week, a
 * point every five minutes before (as a positioning provider keeps older tracks), parked at the works while
 * loading and on the weighbridge.
 */
function trackOf(
  points: Array<typeof hyTrackPoint.$inferInsert>,
  vehicleId: string,
  status: number,
  dispatchAt: number,
  now: number,
  random: Random,
): void {
  const from = dispatchAt + STEP_HOURS.load * HOUR_MS;
  const trip = (STEP_HOURS.unload - STEP_HOURS.load) * HOUR_MS;
  const until = status >= SHIPPING_STATUS.unloaded ? from + trip : Math.min(now, from + trip);
  const step = now - dispatchAt < 7 * DAY_MS ? 60_000 : 5 * 60_000;
  for (let t = from; t <= until; t += step) {
    const parked = t - from < 30 * 60_000; // loading and the weighbridge
    // On the road from the end of the weighbridge on: no jump from the yard to a point down the road.
    const [lng, lat] = along(parked ? 0 : (t - from - 30 * 60_000) / (trip - 30 * 60_000));
    points.push({
      vehicleId,
      gpsTime: new Date(t),
      lng: parked ? ROUTE.loadLng : lng + random.int(-20, 20) / 100_000,
      lat: parked ? ROUTE.loadLat : lat + random.int(-20, 20) / 100_000,
      speed: parked ? 0 : random.int(62, 88),
      direction: 100,
      source: 2,
    });
  }
}
