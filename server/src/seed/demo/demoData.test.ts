// Demo data that tells the truth: the full demo, read through the API by every demo account from
// its own lists, holds what the demo promises (≥ 300 waybills over the last 90 days for ≥ 5 customers, every
// lifecycle state, all four order modes, the accounts' own agent and captain orders, ≥ 30 waybills of the
// `shipper` account's customer with agent orders audited or later, tracks of the notes on the road,
// certificates expiring within 30 days, pending reviews of every kind, paid per-trip notes, violations with a
// deduction on captain01's fleet), and the header's counters are sums of the rows each account lists.
import {
  ORDER_MODE,
  PAY_STATUS,
  type PendingCounts,
  SETTLE_MODE,
  SHIPPING_STATUS,
  UNPAID_PAY_STATUSES,
} from '@freight/contracts';
import { and, eq, gte } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../modules/freight/shippingMoney.ts';
import { hyShippingNote, hyTrackPoint } from '../../modules/freight/shippingSchema.ts';
import { sysUser } from '../../modules/system/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { stableId } from '../seed.ts';
import { runDemoSeeders } from './index.ts';

type Row = Record<string, unknown>;
type Note = typeof hyShippingNote.$inferSelect;

const ACCOUNTS = ['admin', 'operations01', 'shipper_admin', 'shipper', 'agent01', 'captain01'] as const;
type Account = (typeof ACCOUNTS)[number];
const SHIPPER_CUSTOMER = stableId('customer', 'hengda-build');
const AGENT01 = stableId('agent', 'agent01');
const CAPTAIN01 = stableId('captain', 'captain01');
const DAY_MS = 86_400_000;

/** How many rows have each value of `key`. */
function countBy(rows: Row[], key: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const row of rows) out[String(row[key])] = (out[String(row[key])] ?? 0) + 1;
  return out;
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe('demo data that tells the truth', () => {
  const t = useTestApp();
  let notes: Note[];
  const tokens = new Map<Account, string>();
  const cids = new Map<Account, string | null>();
  const lists = new Map<Account, Row[]>();

  const get = async (account: Account, url: string) => {
    const res = await t.call(tokens.get(account) as string, { method: 'GET', url: `/jeecg-boot${url}` });
    const body = res.json();
    expect(body.success, `${account} ${url}: ${body.message}`).toBe(true);
    return body.result;
  };
  const total = async (account: Account, url: string) => Number((await get(account, url)).total);

  beforeAll(async () => {
    await runDemoSeeders(t.db);
    notes = await t.db.select().from(hyShippingNote);
    for (const account of ACCOUNTS) {
      tokens.set(account, await t.login(account));
      const [user] = await t.db
        .select({ cid: sysUser.cid })
        .from(sysUser)
        .where(eq(sysUser.username, account));
      cids.set(account, user?.cid ?? null);
      const page = await get(account, '/shipping/hyShippingNote/list?pageSize=1000');
      expect(page.total, account).toBe(page.records.length);
      lists.set(account, page.records);
    }
  }, 900_000);

  /** The notes an account's party may see, from the table (what its list must show). */
  const ownNotes = (account: Account): Note[] => {
    const cid = cids.get(account);
    if (account === 'shipper' || account === 'shipper_admin')
      return notes.filter((n) => n.customerId === cid);
    if (account === 'agent01') return notes.filter((n) => n.agentId === cid);
    if (account === 'captain01') return notes.filter((n) => n.captainId === cid);
    return notes;
  };

  it('has ≥ 300 waybills over the last 90 days for ≥ 5 customers, in every state and all four order modes', () => {
    const all = lists.get('admin') as Row[];
    expect(all.length).toBeGreaterThanOrEqual(300);
    expect(Object.keys(countBy(all, 'customerId')).length).toBeGreaterThanOrEqual(5);
    const states = countBy(all, 'status');
    for (const s of Object.values(SHIPPING_STATUS)) expect(states[s], `state ${s}`).toBeGreaterThan(0);
    const modes = countBy(all, 'orderMode');
    for (const m of Object.values(ORDER_MODE)) expect(modes[m], `mode ${m}`).toBeGreaterThan(0);
    const since = Date.now() - 90 * DAY_MS;
    for (const n of notes) expect(n.createTime.getTime(), n.shippingNoteNumber).toBeGreaterThan(since);
    // The demo's days are spread: notes of the last day and of more than 60 days ago.
    expect(notes.some((n) => n.createTime.getTime() > Date.now() - DAY_MS)).toBe(true);
    expect(notes.some((n) => n.createTime.getTime() < Date.now() - 60 * DAY_MS)).toBe(true);
  });

  for (const account of ACCOUNTS)
    it(`as ${account}: the list's counts by state, order mode and customer are the party's rows, filters agree`, async () => {
      const rows = lists.get(account) as Row[];
      const own = ownNotes(account) as unknown as Row[];
      expect(rows.map((r) => r.id).sort()).toEqual(own.map((n) => n.id).sort());
      const byState = countBy(rows, 'status');
      const byMode = countBy(rows, 'orderMode');
      const byCustomer = countBy(rows, 'customerId');
      expect(byState).toEqual(countBy(own, 'status'));
      expect(byMode).toEqual(countBy(own, 'orderMode'));
      expect(byCustomer).toEqual(countBy(own, 'customerId'));
      expect(sum(byState)).toBe(rows.length);
      expect(sum(byMode)).toBe(rows.length);
      expect(sum(byCustomer)).toBe(rows.length);
      // The list's own filters count the same rows.
      for (const [status, n] of Object.entries(byState))
        expect(
          await total(account, `/shipping/hyShippingNote/list?status=${status}`),
          `status ${status}`,
        ).toBe(n);
      for (const [mode, n] of Object.entries(byMode))
        expect(await total(account, `/shipping/hyShippingNote/list?orderMode=${mode}`), `mode ${mode}`).toBe(
          n,
        );
      for (const [customer, n] of Object.entries(byCustomer))
        expect(await total(account, `/shipping/hyShippingNote/list?customerId=${customer}`)).toBe(n);
      // The orders it lists are the orders of its notes (and, for staff and shippers, the ones without notes).
      const orders = (await get(account, '/order/hyOrder/list?pageSize=1000')).records as Row[];
      const orderIds = new Set(orders.map((o) => o.id));
      const orderOf = new Map(notes.map((n) => [n.id, n.orderId]));
      // A captain is on a note through the order or through its driver (a captain's driver on another order):
      // the orders a captain lists are its captain orders.
      const ordered =
        account === 'captain01' ? rows.filter((r) => Number(r.orderMode) === ORDER_MODE.captain) : rows;
      for (const r of ordered)
        expect(orderIds.has(orderOf.get(String(r.id))), String(r.shippingNoteNumber)).toBe(true);
    });

  it('gives each party account its own share of the demo', () => {
    const shipper = lists.get('shipper') as Row[];
    expect(shipper.length).toBeGreaterThanOrEqual(30);
    expect(shipper.every((r) => r.customerId === SHIPPER_CUSTOMER)).toBe(true);
    // Agent orders of the shipper that reached the audit or later.
    const agentAudited = shipper.filter(
      (r) => Number(r.orderMode) === ORDER_MODE.agent && Number(r.status) >= SHIPPING_STATUS.audited,
    );
    expect(agentAudited.length).toBeGreaterThan(0);
    expect(Object.keys(countBy(shipper, 'orderMode')).length).toBe(4);

    const agent = lists.get('agent01') as Row[];
    expect(agent.length).toBeGreaterThan(0);
    expect(agent.every((r) => Number(r.orderMode) === ORDER_MODE.agent && r.agentId === AGENT01)).toBe(true);
    expect(agent.some((r) => r.customerId === SHIPPER_CUSTOMER)).toBe(true);

    const captain = lists.get('captain01') as Row[];
    expect(captain.some((r) => Number(r.orderMode) === ORDER_MODE.captain)).toBe(true);
    expect(ownNotes('captain01').every((n) => n.captainId === CAPTAIN01)).toBe(true);

    const admin = lists.get('shipper_admin') as Row[];
    expect(admin.length).toBeGreaterThan(0);
  });

  it('has a track for every note on the road, up to now', async () => {
    const road = notes.filter(
      (n) => n.status === SHIPPING_STATUS.loaded || n.status === SHIPPING_STATUS.inTransit,
    );
    expect(road.length).toBeGreaterThan(0);
    for (const n of road) {
      const points = await t.db
        .select({ gpsTime: hyTrackPoint.gpsTime })
        .from(hyTrackPoint)
        .where(and(eq(hyTrackPoint.vehicleId, n.vehicleId), gte(hyTrackPoint.gpsTime, n.loadTime as Date)));
      expect(points.length, n.shippingNoteNumber).toBeGreaterThan(0);
      expect(Math.max(...points.map((p) => p.gpsTime.getTime()))).toBeLessThanOrEqual(Date.now());
    }
  });

  it('has certificates expiring within 30 days and pending reviews of every kind', async () => {
    expect(await total('admin', '/hydriver/hyDriver/list?expiringWithinDays=30')).toBeGreaterThan(0);
    expect(await total('admin', '/hyvehicle/hyVehicle/list?expiringWithinDays=30')).toBeGreaterThan(0);
    for (const path of [
      '/hydriver/hyDriver',
      '/hyvehicle/hyVehicle',
      '/customer/hyCustomer',
      '/carrier/hyCarrier',
      '/agent/hyAgent',
      '/captain/hyCaptain',
      '/hydriverbank/hyDriverBank',
    ])
      expect(await total('admin', `${path}/list?state=1`), path).toBeGreaterThan(0);
  });

  it('has pay states made by the pay service: per-trip notes paid, others advanced, audited ones waiting', () => {
    const completed = notes.filter((n) => n.status === SHIPPING_STATUS.completed);
    const paidPerTrip = completed.filter(
      (n) => n.settleMode === SETTLE_MODE.perTrip && n.payStatus === PAY_STATUS.paid,
    );
    expect(paidPerTrip.length).toBeGreaterThan(0);
    expect(paidPerTrip.some((n) => n.customerId === SHIPPER_CUSTOMER)).toBe(true);
    expect(completed.some((n) => n.payStatus === PAY_STATUS.advanced)).toBe(true);
    expect(
      notes.some(
        (n) =>
          n.status === SHIPPING_STATUS.audited &&
          (UNPAID_PAY_STATUSES as readonly number[]).includes(n.payStatus),
      ),
    ).toBe(true);
  });

  it("lists violations with deductions of captain01's fleet to staff and captain01, to no other party", async () => {
    const violations = async (account: Account) => {
      const body = (
        await t.call(tokens.get(account) as string, {
          method: 'GET',
          url: '/jeecg-boot/risk/violation/list?pageSize=200',
        })
      ).json();
      return body.success ? (body.result.records as Row[]) : [];
    };
    const captainNotes = new Set(ownNotes('captain01').map((n) => n.shippingNoteNumber));
    const ofCaptain = (rows: Row[]) => rows.filter((r) => captainNotes.has(String(r.shippingNoteNumber)));
    const states = (rows: Row[]) => ofCaptain(rows).map((r) => r.deductionState);
    for (const account of ['admin', 'operations01', 'captain01'] as const) {
      const rows = await violations(account);
      expect(states(rows), account).toEqual(expect.arrayContaining(['notice', 'posted']));
      for (const r of ofCaptain(rows).filter((row) => row.deductionState))
        expect(Number(r.deductionFen), account).toBeGreaterThan(0);
    }
    // captain01 lists only its fleet's violations; the other parties none of them
    const own = await violations('captain01');
    expect(own.length).toBeGreaterThan(0);
    expect(ofCaptain(own)).toHaveLength(own.length);
    for (const account of ['shipper', 'shipper_admin', 'agent01'] as const)
      expect(ofCaptain(await violations(account)), account).toHaveLength(0);
  });

  it('shows on 主钱包 what payees owe apart from what they are owed, and the cash at the bank as positive', async () => {
    const summary = await get('admin', '/plateform/wallet/summary');
    const payees: Row[] = (await get('admin', '/plateform/wallet/payable/list?pageSize=1000')).records;
    const balances = payees.map((w) => Number(w.balanceFen));
    expect(summary.payablesFen).toBe(balances.filter((b) => b > 0).reduce((a, b) => a + b, 0));
    expect(summary.payeeDebtsFen).toBe(balances.filter((b) => b < 0).reduce((a, b) => a - b, 0));
    // The deduction posted on captain01's fleet left its driver owing the platform.
    expect(summary.payeeDebtsFen).toBeGreaterThan(0);
    const platform: Row[] = (await get('admin', '/plateform/wallet/platform/list?pageSize=100')).records;
    const clearing = platform.find((w) => w.ownerId === 'bank_clearing');
    expect(summary.bankBalanceFen).toBe(-Number(clearing?.balanceFen));
    expect(summary.bankBalanceFen).toBeGreaterThan(0);
  });

  for (const account of ACCOUNTS)
    it(`as ${account}: the header's counters are sums of the account's own rows`, async () => {
      const counts = (await get(account, '/hydriver/hyDriver/getDsXx')) as PendingCounts;
      const ids = new Set((lists.get(account) as Row[]).map((r) => r.id));
      const today = chinaToday();
      const rows = notes.filter((n) => ids.has(n.id));
      const due = (mode: number) =>
        rows.filter(
          (n) =>
            n.settleMode === mode &&
            n.status === SHIPPING_STATUS.audited &&
            (UNPAID_PAY_STATUSES as readonly number[]).includes(n.payStatus) &&
            !!n.dueDate &&
            String(n.dueDate).slice(0, 10) <= today,
        ).length;
      const counters: Array<[keyof PendingCounts, number]> = [
        ['tangjieZhangQi', SETTLE_MODE.perTrip],
        ['pijieZhangQi', SETTLE_MODE.perApproval],
        ['yuejieZhangQi', SETTLE_MODE.monthly],
      ];
      for (const [key, mode] of counters) {
        expect(counts[key], key).toBe(due(mode));
        expect(await total(account, `/shipping/hyShippingNote/list?state=1&settleMode=${mode}`), key).toBe(
          due(mode),
        );
      }
      // Review counters: only reviewers count them, as the pending rows of their lists.
      const reviews: Array<[keyof PendingCounts, string]> = [
        ['sijiCount', '/hydriver/hyDriver'],
        ['cheCount', '/hyvehicle/hyVehicle'],
        ['huozhuCount', '/customer/hyCustomer'],
      ];
      for (const [key, path] of reviews)
        if (counts[key] > 0) expect(await total(account, `${path}/list?state=1`), key).toBe(counts[key]);
      if (account === 'admin') for (const [key] of reviews) expect(counts[key], key).toBeGreaterThan(0);
      if (account !== 'admin' && account !== 'operations01')
        for (const [key] of reviews) expect(counts[key], key).toBe(0);
      // 垫付到期 counts the pay list's due rows, for those who may open the pay list only.
      const payList = (
        await t.call(tokens.get(account) as string, {
          method: 'GET',
          url: '/jeecg-boot/plateform/cost/paylist/list?state=1',
        })
      ).json();
      expect(counts.dianfuZq, 'dianfuZq').toBe(payList.success ? Number(payList.result.total) : 0);
    });
});
