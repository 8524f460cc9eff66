// Demo parties: shippers with staff, agents, captains with their fleets and collection
// agreements, carriers, drivers, vehicles, bank cards, bindings and review history, in every review state,
// some with certificates about to lapse or lapsed, so every list, filter, counter and warning has something.
import { REVIEW_STATE, USER_TYPE } from '@freight/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import {
  hyCaptain,
  hyCarrier,
  hyCollectionAgreement,
  hyDriver,
  hyDriverBank,
  hyDriverVehicle,
  hyReviewLog,
  hyVehicle,
} from '../../modules/freight/partySchema.ts';
import { hyAgent, hyCustomer, hyCustomerUser } from '../../modules/freight/schema.ts';
import { SimulatedVehiclePlatform } from '../../modules/freight/vehiclePlatform/simulated.ts';
import { netStateOf } from '../../modules/freight/vehiclePlatform.ts';
import { sysRole, sysUser, sysUserRole } from '../../modules/system/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { stableId } from '../seed.ts';
import { cityShort, DIVISIONS, type Division, streetAddress } from './divisions.ts';
import { bankCard, companyCreditCode, mobile, person, plate, trailerPlate, vin } from './identity.ts';
import { Random } from './random.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

/** Rows per kind at scale 1; `--scale N` multiplies them. */
export const PARTIES_PER_SCALE = {
  customers: 16,
  customerUsers: 16,
  agents: 6,
  captains: 6,
  carriers: 10,
  drivers: 150,
  vehicles: 130,
} as const;

/** Index offsets of the kinds that share the ID-number space, so no two people share an ID number. */
const PERSON_SPACE = { driver: 0, captain: 900_000, agent: 950_000 } as const;

const REJECT_REASONS = [
  '身份证照片模糊，请重新上传',
  '驾驶证已过期',
  '行驶证信息与车辆不符',
  '从业资格证缺失',
  '营业执照与名称不一致',
  '道路运输证号有误',
];
const REVIEWERS = ['admin', 'ops_li', 'ops_wang'];

const COMPANY_WORDS = [
  '恒通',
  '华联',
  '鑫达',
  '宏远',
  '金泰',
  '盛世',
  '瑞丰',
  '永兴',
  '中联',
  '新航',
  '海川',
  '万里',
  '顺发',
  '鼎盛',
];
const SHIPPER_TRADES = [
  '钢铁贸易',
  '建材',
  '化工',
  '粮油',
  '煤炭',
  '矿业',
  '水泥',
  '塑业',
  '商贸',
  '木业',
  '再生资源',
];
const CARRIER_TRADES = ['运输', '物流', '供应链', '货运'];

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The traffic police that issues a city's licences. */
function trafficPolice(division: Division): string {
  return division.province === division.city
    ? `${division.city}公安局公安交通管理局`
    : `${division.province}${division.city}公安局交通警察支队`;
}

/** Review state of a demo record: mostly approved, some pending (the bell's counters), some rejected, a few drafts. */
function reviewState(random: Random): number {
  const roll = random.next();
  if (roll < 0.68) return REVIEW_STATE.approved;
  if (roll < 0.84) return REVIEW_STATE.pending;
  if (roll < 0.93) return REVIEW_STATE.rejected;
  return REVIEW_STATE.draft;
}

/**
 * Record 1 of every reviewed kind waits for review, whatever its roll: the review lists and counters of every
 * kind have something to show (the generator's draws stay the same, so the other records do not move).
 */
function reviewStateOf(random: Random, index: number): number {
  const state = reviewState(random);
  return index === 1 ? REVIEW_STATE.pending : state;
}

/** Every tenth driver from the fourth is the `captain01` account's captain's, from the seventh `agent01`'s. */
const OWN_FLEET = { captain: 3, agent: 6, every: 10 } as const;

type LogRow = {
  entity: string;
  entityId: string;
  fromState: number;
  toState: number;
  reason: string | null;
  operator: string;
  createTime: Date;
};

/** The review columns of a demo party: its state, why it was rejected (only when it was), added by the demo. */
const reviewColumns = (state: number, reason: string | null, created: Date) => ({
  state,
  rejectReason: state === REVIEW_STATE.rejected ? reason : null,
  createBy: 'demo',
  createTime: created,
});

/** The review history that leads to `state` (submitted at `created`, decided a day or two later). */
function historyOf(
  entity: string,
  id: string,
  state: number,
  reason: string | null,
  created: Date,
  random: Random,
): LogRow[] {
  const at = (days: number) => new Date(created.getTime() + days * DAY_MS + random.int(0, 8) * 3_600_000);
  const operator = random.pick(REVIEWERS);
  const row = (
    fromState: number,
    toState: number,
    why: string | null,
    when: Date,
    by = operator,
  ): LogRow => ({
    entity,
    entityId: id,
    fromState,
    toState,
    reason: why,
    operator: by,
    createTime: when,
  });
  switch (state) {
    case REVIEW_STATE.approved:
      return [row(1, 2, null, at(1))];
    case REVIEW_STATE.rejected:
      return [row(1, 3, reason, at(1))];
    case REVIEW_STATE.expired:
      return [row(1, 2, null, at(1)), row(2, 4, reason, at(2), 'system')];
    default:
      return [];
  }
}

async function insertAll<T extends Record<string, unknown>>(
  db: Db,
  table: Parameters<Db['insert']>[0],
  rows: T[],
) {
  for (let i = 0; i < rows.length; i += BATCH)
    await db
      .insert(table)
      .values(rows.slice(i, i + BATCH) as never)
      .onConflictDoNothing();
}

export const partiesSeeder: DemoSeeder = {
  name: 'parties',
  async run(db: Db, ctx: DemoContext) {
    const n = (kind: keyof typeof PARTIES_PER_SCALE) => PARTIES_PER_SCALE[kind] * ctx.scale;
    const now = ctx.now.getTime();
    const created = (random: Random) =>
      new Date(now - random.int(3, 240) * DAY_MS - random.int(0, 86_399) * 1000);
    /** A demo party's review state, stable id, creation time and (when rejected) the given reason. */
    const reviewed = (random: Random, i: number, kind: string, rejectReason: string) => {
      const state = reviewStateOf(random, i);
      const id = stableId(kind, String(i));
      const at = created(random);
      return { state, id, at, reason: state === REVIEW_STATE.rejected ? rejectReason : null };
    };
    const logs: LogRow[] = [];

    // ---- shippers and their staff ------------------------------------------------------------------------
    const customers: Array<typeof hyCustomer.$inferInsert> = [];
    for (let i = 0; i < n('customers'); i++) {
      const random = Random.of(`customer:${i}`);
      const division = random.pick(DIVISIONS);
      const name = `${cityShort(division)}${COMPANY_WORDS[i % COMPANY_WORDS.length]}${random.pick(SHIPPER_TRADES)}有限公司`;
      const contact = person(random, division, 700_000 + i, random.chance(0.7));
      const creditCode = companyCreditCode(division, i, 1);
      const settleMode = random.pick([1, 2, 3, 3]);
      const { state, id, at, reason } = reviewed(random, i, 'demo-customer', '营业执照与名称不一致');
      customers.push({
        id,
        customerName: name,
        customerType: 1,
        creditCode,
        legalPerson: contact.name,
        contactName: contact.name,
        contactMobile: mobile(i, 11),
        address: streetAddress(division, i),
        settleMode,
        creditDays:
          settleMode === 1 ? 0 : settleMode === 2 ? random.pick([7, 15]) : random.pick([15, 30, 45]),
        creditLimitFen: settleMode === 3 ? random.pick([20, 50, 100, 200]) * 1_000_000 : 0,
        serviceFeeMode: random.pick([1, 1, 2, 3]),
        serviceRateBp: random.pick([300, 450, 600, 650]),
        serviceFeeFen: random.pick([300, 500, 800]),
        invoiceTitle: name,
        invoiceTaxNo: creditCode,
        invoiceAddress: streetAddress(division, i),
        invoicePhone: mobile(i, 11),
        invoiceBank: `${random.pick(['中国工商银行', '中国建设银行', '中国银行', '招商银行'])}${cityShort(division)}分行`,
        invoiceAccount: random.digits(19),
        ...reviewColumns(state, reason, at),
      });
      logs.push(...historyOf('customer', id, state, reason, at, random));
    }
    await insertAll(db, hyCustomer, customers);

    // Staff logins of approved shippers: one hash serves them all (argon2 per row would take seconds).
    const [customerRole] = await db
      .select({ id: sysRole.id })
      .from(sysRole)
      .where(eq(sysRole.roleCode, 'customer'));
    const approvedCustomers = customers.filter((c) => c.state === REVIEW_STATE.approved);
    const staff = Math.min(n('customerUsers'), approvedCustomers.length);
    if (staff > 0 && ctx.passwordHash) {
      const users: Array<typeof sysUser.$inferInsert> = [];
      const links: Array<typeof hyCustomerUser.$inferInsert> = [];
      for (let i = 0; i < staff; i++) {
        const random = Random.of(`customer-user:${i}`);
        const customer = approvedCustomers[i] as (typeof customers)[number];
        const who = person(random, random.pick(DIVISIONS), 800_000 + i, random.chance(0.5));
        const userId = stableId('demo-user', `kh${i}`);
        const username = `kh${String(i + 1).padStart(4, '0')}`;
        users.push({
          id: userId,
          username,
          realname: who.name,
          password: ctx.passwordHash,
          passwordChangedAt: ctx.now,
          phone: mobile(i, 23),
          userType: USER_TYPE.customer,
          cid: customer.id ?? null,
          status: 1,
          createBy: 'demo',
        });
        links.push({
          id: stableId('demo-customer-user', String(i)),
          customerId: customer.id as string,
          customerName: customer.customerName,
          userId,
          username,
          realname: who.name,
          mobile: mobile(i, 23),
          userType: USER_TYPE.customer,
          post: random.pick(['调度', '财务', '业务经理', '仓储主管']),
          createBy: 'demo',
        });
      }
      await insertAll(db, sysUser, users);
      if (customerRole)
        await insertAll(
          db,
          sysUserRole,
          users.map((u) => ({ userId: u.id as string, roleId: customerRole.id })),
        );
      await insertAll(db, hyCustomerUser, links);
    }

    // ---- agents, captains, carriers ---------------------------------------------------------------------
    const agents: Array<typeof hyAgent.$inferInsert> = [];
    for (let i = 0; i < n('agents'); i++) {
      const random = Random.of(`agent:${i}`);
      const who = person(random, random.pick(DIVISIONS), PERSON_SPACE.agent + i, random.chance(0.8));
      const { state, id, at, reason } = reviewed(random, i, 'demo-agent', '身份证照片模糊，请重新上传');
      const feeMode = random.pick([1, 2, 3]);
      agents.push({
        id,
        agentName: who.name,
        idCard: who.idCard,
        mobile: mobile(i, 31),
        feeMode,
        feeValue: feeMode === 3 ? random.pick([100, 200, 300]) : random.pick([500, 1000, 2000, 5000]),
        // The card the agent's fee on agent orders is paid to.
        bankCode: 'CCB',
        bankName: '中国建设银行',
        cardNo: bankCard('CCB', i, 3),
        ...reviewColumns(state, reason, at),
      });
      logs.push(...historyOf('agent', id, state, reason, at, random));
    }
    await insertAll(db, hyAgent, agents);

    const captains: Array<typeof hyCaptain.$inferInsert & { division: Division }> = [];
    for (let i = 0; i < n('captains'); i++) {
      const random = Random.of(`captain:${i}`);
      const division = random.pick(DIVISIONS);
      const who = person(random, division, PERSON_SPACE.captain + i, true);
      const id = stableId('demo-captain', String(i));
      const at = created(random);
      // Captains collect for their fleets: all approved but record 1 (awaiting review, with no fleet), so their
      // agreements and cards mean something.
      const state = i === 1 ? REVIEW_STATE.pending : REVIEW_STATE.approved;
      captains.push({
        id,
        captainName: who.name,
        idCard: who.idCard,
        mobile: mobile(i, 37),
        feeMode: 1,
        feeValue: random.pick([200, 300, 500]),
        state,
        createBy: 'demo',
        createTime: at,
        division,
      });
      logs.push(...historyOf('captain', id, state, null, at, random));
    }
    await insertAll(
      db,
      hyCaptain,
      captains.map(({ division: _d, ...c }) => c),
    );
    const fleetCaptains = captains.filter((c) => c.state === REVIEW_STATE.approved);
    // The demo accounts' own captain and agent (seedDemoAccounts) get fleets too: what captain01 and agent01 see.
    const [ownCaptain] = await db
      .select()
      .from(hyCaptain)
      .where(eq(hyCaptain.id, stableId('captain', 'captain01')));
    const [ownAgent] = await db
      .select({ id: hyAgent.id })
      .from(hyAgent)
      .where(eq(hyAgent.id, stableId('agent', 'agent01')));
    const captain01 = ownCaptain ? { ...ownCaptain, division: DIVISIONS[0] as Division } : undefined;
    // agent01's agent is paid its fee on the demo's agent orders: its card, unless one was entered meanwhile.
    if (ownAgent)
      await db
        .update(hyAgent)
        .set({ bankCode: 'ICBC', bankName: '中国工商银行', cardNo: bankCard('ICBC', 0, 4) })
        .where(and(eq(hyAgent.id, ownAgent.id), isNull(hyAgent.cardNo)));

    const carriers: Array<typeof hyCarrier.$inferInsert> = [];
    for (let i = 0; i < n('carriers'); i++) {
      const random = Random.of(`carrier:${i}`);
      const division = random.pick(DIVISIONS);
      const { state, id, at, reason } = reviewed(random, i, 'demo-carrier', '道路运输经营许可证已过期');
      carriers.push({
        id,
        carrierName: `${cityShort(division)}${random.pick(COMPANY_WORDS)}${random.pick(CARRIER_TRADES)}有限公司`,
        carrierType: 1,
        creditCode: companyCreditCode(division, i, 2),
        permitNo: `${division.code}${String(100_000 + ((i * 7919) % 900_000))}`,
        permitValidTo: day(now + random.int(-20, 1500) * DAY_MS),
        legalPerson: person(random, division, 850_000 + i, true).name,
        contactMobile: mobile(i, 41),
        bankName: `${random.pick(['中国工商银行', '中国农业银行', '交通银行'])}${cityShort(division)}支行`,
        bankAccount: random.digits(19),
        ...reviewColumns(state, reason, at),
      });
      logs.push(...historyOf('carrier', id, state, reason, at, random));
    }
    await insertAll(db, hyCarrier, carriers);

    // ---- vehicles ----------------------------------------------------------------------------------------
    const vehicles: Array<typeof hyVehicle.$inferInsert> = [];
    for (let i = 0; i < n('vehicles'); i++) {
      const random = Random.of(`vehicle:${i}`);
      const division = random.pick(DIVISIONS);
      const kind = random.pick(['tractor', 'tractor', 'truck', 'van', 'tipper', 'light'] as const);
      const newEnergy = kind !== 'light' && random.chance(0.06);
      const heavy = kind !== 'light';
      const gross =
        kind === 'tractor' ? 49_000 : kind === 'light' ? 4_495 : random.pick([18_000, 25_000, 31_000]);
      const rated = kind === 'tractor' ? random.pick([30_000, 32_000, 34_000]) : Math.round(gross * 0.55);
      let state = reviewStateOf(random, i);
      const soon = random.chance(0.06);
      const lapsed = state === REVIEW_STATE.approved && random.chance(0.05);
      if (lapsed) state = REVIEW_STATE.expired;
      const licenseValidTo = day(
        now + (lapsed ? -random.int(2, 60) : soon ? random.int(3, 28) : random.int(120, 1500)) * DAY_MS,
      );
      const registerMs = now - random.int(200, 2500) * DAY_MS;
      const id = stableId('demo-vehicle', String(i));
      const at = created(random);
      const reason =
        state === REVIEW_STATE.rejected
          ? random.pick(['行驶证信息与车辆不符', '道路运输证号有误'])
          : state === REVIEW_STATE.expired
            ? `证件已过期：行驶证(${licenseValidTo})`
            : null;
      const ownerIsCompany = random.chance(0.5);
      vehicles.push({
        id,
        plateNo: plate(division, i, newEnergy),
        plateColor: newEnergy ? '93' : heavy ? '2' : '1',
        vehicleType: { tractor: 'Q11', truck: 'H01', van: 'H02', tipper: 'H07', light: 'H01' }[kind],
        owner: ownerIsCompany
          ? `${cityShort(division)}${random.pick(COMPANY_WORDS)}运输有限公司`
          : person(random, division, 600_000 + i, true).name,
        useCharacter: '货运',
        vin: vin(random, i),
        energyType: newEnergy ? 'C' : random.pick(['B', 'B', 'B', 'E']),
        ratedLoadKg: rated,
        grossMassKg: gross,
        licenseIssuer: trafficPolice(division),
        registerDate: day(registerMs),
        issueDate: day(registerMs + random.int(0, 30) * DAY_MS),
        licenseValidTo,
        roadTransportNo: heavy ? `${division.code}${String(100_000 + ((i * 104_729) % 900_000))}` : null,
        roadTransportValidTo: heavy ? day(now + random.int(60, 1200) * DAY_MS) : null,
        trailerPlateNo: kind === 'tractor' ? trailerPlate(division, i) : null,
        ownership: ownerIsCompany ? 2 : random.pick([1, 1, 3]),
        transportState: state === REVIEW_STATE.approved ? random.pick([0, 0, 0, 1, 2, 2, 3]) : 0,
        ...reviewColumns(state, reason, at),
      });
      logs.push(...historyOf('vehicle', id, state, reason, at, random));
    }

    // ---- drivers, their vehicles, cards and fleets ----------------------------------------------------------
    const drivers: Array<typeof hyDriver.$inferInsert> = [];
    const bindings: Array<typeof hyDriverVehicle.$inferInsert> = [];
    const cards: Array<typeof hyDriverBank.$inferInsert> = [];
    const agreements: Array<typeof hyCollectionAgreement.$inferInsert> = [];
    const bankNames: Record<string, string> = {
      ICBC: '中国工商银行',
      ABC: '中国农业银行',
      BOC: '中国银行',
      CCB: '中国建设银行',
      COMM: '交通银行',
      PSBC: '中国邮政储蓄银行',
      CMB: '招商银行',
      CITIC: '中信银行',
      CIB: '兴业银行',
      SPDB: '上海浦东发展银行',
    };
    for (let i = 0; i < n('drivers'); i++) {
      const random = Random.of(`driver:${i}`);
      const division = random.pick(DIVISIONS);
      const who = person(random, division, PERSON_SPACE.driver + i, random.chance(0.93));
      let state = reviewStateOf(random, i);
      const lapsed = state === REVIEW_STATE.approved && random.chance(0.05);
      if (lapsed) state = REVIEW_STATE.expired;
      const soon = !lapsed && random.chance(0.07);
      // A licence runs 6 or 10 years; lapsed ones ended lately, some others end within the month.
      const term = random.pick([6, 10]) * 365 * DAY_MS;
      const drivingTo = lapsed
        ? now - random.int(2, 90) * DAY_MS
        : soon
          ? now + random.int(3, 28) * DAY_MS
          : now + random.int(60, 2000) * DAY_MS;
      const drivingFrom = drivingTo - term;
      const idFrom = now - random.int(200, 3500) * DAY_MS;
      const id = stableId('demo-driver', String(i));
      const at = created(random);
      const reason =
        state === REVIEW_STATE.rejected
          ? random.pick(REJECT_REASONS.slice(0, 4))
          : state === REVIEW_STATE.expired
            ? `证件已过期：驾驶证(${day(drivingTo)})`
            : null;
      const picked = random.chance(0.25) ? random.pick(fleetCaptains) : undefined;
      const fleetOf = i % OWN_FLEET.every;
      const captain = fleetOf === OWN_FLEET.captain && captain01 ? captain01 : picked;
      const agentId = fleetOf === OWN_FLEET.agent && ownAgent ? ownAgent.id : null;
      drivers.push({
        id,
        driverName: who.name,
        mobile: mobile(i, 3),
        idCard: who.idCard,
        idCardValidFrom: day(idFrom),
        idCardValidTo: day(idFrom + 20 * 365 * DAY_MS),
        drivingClass: random.pick(['A2', 'A2', 'A2', 'B2', 'A1']),
        drivingIssuer: trafficPolice(division),
        drivingFileNo: `${division.code}${random.digits(6)}`,
        drivingValidFrom: day(drivingFrom),
        drivingValidTo: day(drivingTo),
        qualificationNo: who.idCard,
        qualificationValidTo: day(now + random.int(200, 2000) * DAY_MS),
        captainId: captain?.id ?? null,
        agentId,
        taxEntrusted: random.chance(0.6),
        blacklisted: state === REVIEW_STATE.approved && random.chance(0.02),
        blacklistReason: null,
        score: random.int(82, 100),
        ...reviewColumns(state, reason, at),
      });
      const last = drivers[drivers.length - 1] as (typeof drivers)[number];
      if (last.blacklisted)
        last.blacklistReason = random.pick(['多次虚假装货', '运输途中私自卸货', '恶意拒单']);
      logs.push(...historyOf('driver', id, state, reason, at, random));

      // One to two vehicles, the first the default; a captain's drivers drive the captain's vehicles.
      if (vehicles.length && state !== REVIEW_STATE.draft) {
        const first = vehicles[(i * 7) % vehicles.length] as (typeof vehicles)[number];
        bindings.push({ driverId: id, vehicleId: first.id as string, isDefault: true, createTime: at });
        if (random.chance(0.2)) {
          const second = vehicles[(i * 7 + 3) % vehicles.length] as (typeof vehicles)[number];
          if (second.id !== first.id)
            bindings.push({ driverId: id, vehicleId: second.id as string, isDefault: false, createTime: at });
        }
        if (captain) first.captainId = captain.id;
        if (agentId) first.agentId = agentId;
      }

      // Cards of approved drivers: their own; under a collection agreement, the captain's as default.
      if (state === REVIEW_STATE.approved || state === REVIEW_STATE.expired) {
        const bank = random.pick(Object.keys(bankNames));
        const collects = captain && random.chance(0.5);
        if (collects && captain) {
          agreements.push({
            id: stableId('demo-agreement', String(i)),
            captainId: captain.id as string,
            driverId: id,
            agreementNo: `DS${new Date(at).getFullYear()}${String(i + 1).padStart(5, '0')}`,
            agreementImg: 'demo/collection-agreement.png',
            validFrom: day(at.getTime()),
            validTo: day(at.getTime() + 365 * DAY_MS),
            createBy: 'demo',
            createTime: at,
          });
          const captainBank = random.pick(Object.keys(bankNames));
          cards.push({
            id: stableId('demo-card', `${i}:captain`),
            driverId: id,
            driverName: who.name,
            cardNo: bankCard(captainBank, i, 2),
            holderName: captain.captainName as string,
            holderIdCard: captain.idCard as string,
            bankCode: captainBank,
            bankName: bankNames[captainBank],
            branch: `${cityShort(captain.division)}分行营业部`,
            reservedMobile: captain.mobile as string,
            isDefault: true,
            state: REVIEW_STATE.approved,
            createBy: 'demo',
            createTime: at,
          });
        }
        cards.push({
          id: stableId('demo-card', String(i)),
          driverId: id,
          driverName: who.name,
          cardNo: bankCard(bank, i, 1),
          holderName: who.name,
          holderIdCard: who.idCard,
          bankCode: bank,
          bankName: bankNames[bank],
          branch: `${cityShort(division)}${random.pick(['分行营业部', '开发区支行', '高新区支行', '物流园支行'])}`,
          reservedMobile: mobile(i, 3),
          isDefault: !collects,
          state: random.chance(0.9) ? REVIEW_STATE.approved : REVIEW_STATE.pending,
          createBy: 'demo',
          createTime: at,
        });
      }
    }
    // 入网 as the product's simulated national vehicle platform answers it, checked when registered.
    const platform = new SimulatedVehiclePlatform(async () => null);
    for (const v of vehicles) {
      v.netState = netStateOf(
        { plateNo: v.plateNo, grossMassKg: v.grossMassKg, vehicleType: v.vehicleType },
        await platform.isConnected(v.plateNo, v.plateColor ?? '2'),
      );
      v.netCheckedAt = v.createTime ?? null;
    }
    await insertAll(db, hyVehicle, vehicles);
    await insertAll(db, hyDriver, drivers);
    await insertAll(db, hyDriverVehicle, bindings);
    await insertAll(db, hyCollectionAgreement, agreements);
    await insertAll(db, hyDriverBank, cards);
    // Review history, once per record: a rerun at a larger scale adds the new records' only.
    const logged = new Set(
      (await db.select({ id: hyReviewLog.entityId }).from(hyReviewLog)).map((r) => r.id),
    );
    await insertAll(
      db,
      hyReviewLog,
      logs.filter((l) => !logged.has(l.entityId)),
    );

    return {
      customers: customers.length,
      customerUsers: staff,
      agents: agents.length,
      captains: captains.length,
      carriers: carriers.length,
      drivers: drivers.length,
      vehicles: vehicles.length,
      bindings: bindings.length,
      cards: cards.length,
      agreements: agreements.length,
      reviewLogs: logs.length,
    };
  },
};
