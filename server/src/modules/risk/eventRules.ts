import { RISK_RULES, RISK_SEVERITY, type RiskRuleType, SHIPPING_STATUS } from '@freight/contracts';
import { and, eq, gte, ne, notInArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError } from '../../platform/http/errors.ts';
import {
  checkCardHolder,
  chinaToday,
  hyDriver,
  hyDriverBank,
  hyOrder,
  hyShippingNote,
  hyVehicle,
  type NoteRow,
} from '../freight/index.ts';
import { type RuleSettings, settingsFor } from './params.ts';
import type { Finding } from './warnings.ts';

// The rules judged on a waybill step, in the step's transaction. A finding of a blocking rule that checks the
// step before it happens (overload, duplicate: catalog `refusable`) refuses the step with the rule's name in
// the message; every other finding becomes a warning.

const tonnes = (grams: number) => `${(grams / 1_000_000).toFixed(3)}吨`;
const yuan = (fen: number) => `${(fen / 100).toFixed(2)}元`;
const DAY_MS = 86_400_000;

type VehicleRow = typeof hyVehicle.$inferSelect;
type DriverRow = typeof hyDriver.$inferSelect;

interface StepFacts {
  action: string;
  note: NoteRow;
  before: NoteRow | null;
  /** The step's own reads of the order, driver and vehicle (current in its transaction), when it made them. */
  read?: { order: typeof hyOrder.$inferSelect; driver: DriverRow; vehicle: VehicleRow };
}

/** The step's facts with its vehicle and driver, each read at most once for all the checks. */
interface Judged extends StepFacts {
  vehicle(): Promise<VehicleRow | undefined>;
  driver(): Promise<DriverRow | undefined>;
}

function once<T>(read: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= read();
    return pending;
  };
}

type Check = (
  tx: DbOrTx,
  facts: Judged,
  params: Record<string, number>,
) => Promise<Omit<Finding, 'severity' | 'rule'>[]>;

const overload: Check = async (_tx, { action, note, vehicle: vehicleOf }, params) => {
  const weight = action === 'dispatch' ? note.plannedWeightG : action === 'load' ? note.loadWeightG : null;
  if (weight === null || weight === undefined) return [];
  const vehicle = await vehicleOf();
  if (!vehicle?.ratedLoadKg) return [];
  const rated = vehicle.ratedLoadKg * 1000;
  const limit = Math.floor(rated * (1 + params.tolerancePct / 100));
  if (weight <= limit) return [];
  const what = action === 'dispatch' ? '派单重量' : '装货重量';
  return [
    {
      key: action,
      message: `超载：${what}${tonnes(weight)}超过车辆${vehicle.plateNo}核定载质量${tonnes(rated)}×(1+${params.tolerancePct}%)=${tonnes(limit)}`,
      evidence: { weightG: weight, ratedLoadG: rated, tolerancePct: params.tolerancePct, limitG: limit },
    },
  ];
};

const certificate: Check = async (_tx, facts, params) => {
  const { action, note } = facts;
  if (action !== 'dispatch' && action !== 'accept' && action !== 'audit') return [];
  const driver = await facts.driver();
  const vehicle = await facts.vehicle();
  const today = chinaToday();
  const until = new Date(Date.now() + params.warnDays * DAY_MS + 8 * 3_600_000).toISOString().slice(0, 10);
  const day = (v: string | null | undefined) => (v ? String(v).slice(0, 10) : null);
  const certs: Array<[string | null, string]> = [
    [day(driver?.idCardValidTo), `司机${note.driverName}身份证`],
    [day(driver?.drivingValidTo), `司机${note.driverName}驾驶证`],
    [day(driver?.qualificationValidTo), `司机${note.driverName}从业资格证`],
    [day(vehicle?.licenseValidTo), `车辆${note.plateNo}行驶证`],
    [day(vehicle?.roadTransportValidTo), `车辆${note.plateNo}道路运输证`],
  ];
  const out: Omit<Finding, 'severity' | 'rule'>[] = [];
  for (const [validTo, name] of certs) {
    if (!validTo) continue;
    if (validTo < today)
      out.push({
        key: `expired:${name}:${validTo}`,
        message: `${name}已于${validTo}过期`,
        evidence: { validTo, expired: true },
      });
    else if (validTo <= until)
      out.push({
        key: `expiring:${name}:${validTo}`,
        message: `${name}将于${validTo}到期（${params.warnDays}天内）`,
        evidence: { validTo, expired: false },
      });
  }
  return out;
};

const loss: Check = async (_tx, { action, note }, params) => {
  if (action !== 'unload') return [];
  const lossG = note.lossWeightG ?? 0;
  const allowance = note.lossAllowanceG ?? 0;
  const limit = Math.floor(allowance * (1 + params.excessPct / 100));
  if (lossG <= 0 || lossG <= limit) return [];
  return [
    {
      key: 'unload',
      message: `亏吨超标：亏吨${tonnes(lossG)}超过合理损耗${tonnes(allowance)}${params.excessPct ? `×(1+${params.excessPct}%)` : ''}`,
      evidence: {
        loadWeightG: note.loadWeightG,
        unloadWeightG: note.unloadWeightG,
        lossG,
        allowanceG: allowance,
      },
    },
  ];
};

const duplicate: Check = async (tx, { action, note }, params) => {
  if (action !== 'dispatch') return [];
  const since = new Date(Date.now() - params.windowHours * 3_600_000);
  const same = await tx
    .select({ id: hyShippingNote.id, no: hyShippingNote.shippingNoteNumber })
    .from(hyShippingNote)
    .where(
      and(
        eq(hyShippingNote.tenantId, note.tenantId),
        eq(hyShippingNote.vehicleId, note.vehicleId),
        ne(hyShippingNote.id, note.id),
        eq(hyShippingNote.loadCity, note.loadCity ?? ''),
        eq(hyShippingNote.unloadCity, note.unloadCity ?? ''),
        eq(hyShippingNote.plannedWeightG, note.plannedWeightG),
        gte(hyShippingNote.createTime, since),
        notInArray(hyShippingNote.status, [
          SHIPPING_STATUS.cancelled,
          SHIPPING_STATUS.refused,
          SHIPPING_STATUS.void,
        ]),
      ),
    )
    .limit(5);
  if (same.length === 0) return [];
  return [
    {
      key: 'dispatch',
      message: `重复运单：车辆${note.plateNo}在${params.windowHours}小时内已有相同线路、相同重量的运单${same.map((s) => s.no).join('、')}`,
      evidence: { others: same.map((s) => s.id) },
    },
  ];
};

const signBeforeUnload: Check = async (_tx, { action, note }) => {
  if (action !== 'sign') return [];
  const missing: string[] = [];
  if (!note.unloadTime) missing.push('卸货时间');
  else if (note.signTime && note.signTime < note.unloadTime) missing.push('签收早于卸货');
  if (!note.unloadWeightG) missing.push('卸货重量');
  if (!note.unloadPhoto) missing.push('卸货磅单');
  if (missing.length === 0) return [];
  return [{ key: 'sign', message: `先签后卸：签收时缺少${missing.join('、')}`, evidence: { missing } }];
};

const priceInversion: Check = async (_tx, { action, note }) => {
  if (action !== 'dispatch' && action !== 'unload') return [];
  if (note.customerFee >= note.driverFee) return [];
  return [
    {
      key: action,
      message: `运价倒挂：货主运费${yuan(note.customerFee)}低于司机运费${yuan(note.driverFee)}`,
      evidence: { customerFee: note.customerFee, driverFee: note.driverFee },
    },
  ];
};

// Driver freight per tonne-km at dispatch, over the order's planned distance (no distance, no judgement).
const priceBand: Check = async (tx, { action, note, read }, params) => {
  if (action !== 'dispatch' || !note.plannedWeightG) return [];
  const km =
    read?.order.plannedDistanceKm ??
    (await tx.select({ km: hyOrder.plannedDistanceKm }).from(hyOrder).where(eq(hyOrder.id, note.orderId)))[0]
      ?.km;
  if (!km || km <= 0) return [];
  const perTonneKm = note.driverFee / (note.plannedWeightG / 1_000_000) / km;
  const { minFenPerTonneKm: min, maxFenPerTonneKm: max } = params;
  if (perTonneKm >= min && perTonneKm <= max) return [];
  const rounded = Math.round(perTonneKm * 100) / 100;
  return [
    {
      key: action,
      message: `运价区间：司机运费折合${rounded}分/吨公里，${perTonneKm < min ? `低于最低价${min}` : `高于最高价${max}`}分/吨公里（计划里程${km}公里）`,
      evidence: {
        perTonneKm: rounded,
        min,
        max,
        km,
        driverFee: note.driverFee,
        weightG: note.plannedWeightG,
      },
    },
  ];
};

// The fuel card part of the driver fee (the platform's hard cap refuses at pay; this cap is the customer's or
// route's own, judged when the fee is set and when it is frozen at audit).
const fuelShare: Check = async (_tx, { action, note }, params) => {
  if (action !== 'dispatch' && action !== 'audit') return [];
  const fuel = note.fuelCardFen ?? 0;
  if (fuel <= 0 || note.driverFee <= 0 || fuel * 100 <= note.driverFee * params.capPct) return [];
  const pct = Math.round((fuel / note.driverFee) * 1000) / 10;
  return [
    {
      // one warning per share: the same share judged again at audit is the same finding
      key: `pct:${pct}`,
      message: `油卡占比超标：油卡${yuan(fuel)}占司机运费${yuan(note.driverFee)}的${pct}%，超过${params.capPct}%`,
      evidence: { fuelCardFen: fuel, driverFee: note.driverFee, pct, capPct: params.capPct },
    },
  ];
};

// The card the freight goes to: the agreement that let a captain's card be bound may have ended since.
const cardHolder: Check = async (tx, { action, note }) => {
  if (action !== 'audit') return [];
  const [card] = await tx
    .select({ holderName: hyDriverBank.holderName, holderIdCard: hyDriverBank.holderIdCard })
    .from(hyDriverBank)
    .where(
      and(
        eq(hyDriverBank.driverId, note.driverId),
        eq(hyDriverBank.isDefault, true),
        eq(hyDriverBank.state, 2),
      ),
    )
    .limit(1);
  if (!card) return [];
  try {
    await checkCardHolder(tx, note.tenantId, note.driverId, card.holderName, card.holderIdCard);
    return [];
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [
      {
        key: `card:${card.holderName}`,
        message: `持卡人非司机：司机${note.driverName}的收款卡持卡人为${card.holderName}（${reason}）`,
        evidence: { holderName: card.holderName, driverName: note.driverName },
      },
    ];
  }
};

const CHECKS: Partial<Record<RiskRuleType, Check>> = {
  overload,
  certificate,
  loss,
  duplicate,
  signBeforeUnload,
  priceInversion,
  priceBand,
  fuelShare,
  cardHolder,
};

/** Judges one step: throws the refusal of a blocking refusable rule, or answers the warnings to raise. */
export async function judgeStep(
  tx: DbOrTx,
  facts: StepFacts,
  settings?: RuleSettings,
  options: { refuse?: boolean } = {},
): Promise<Finding[]> {
  const rules = settings ?? (await settingsFor(tx, facts.note.tenantId, facts.note.customerId));
  const judged: Judged = {
    ...facts,
    vehicle: once(
      async () =>
        facts.read?.vehicle ??
        (await tx.select().from(hyVehicle).where(eq(hyVehicle.id, facts.note.vehicleId)))[0],
    ),
    driver: once(
      async () =>
        facts.read?.driver ??
        (await tx.select().from(hyDriver).where(eq(hyDriver.id, facts.note.driverId)))[0],
    ),
  };
  const findings: Finding[] = [];
  for (const [type, check] of Object.entries(CHECKS) as Array<[RiskRuleType, Check]>) {
    const setting = rules[type];
    if (!setting.enabled) continue;
    for (const found of await check(tx, judged, setting.params)) {
      // An expired certificate always blocks (domain.md): pay is held until the warning is handled.
      const severity =
        type === 'certificate' && found.evidence?.expired ? RISK_SEVERITY.block : setting.severity;
      if (options.refuse !== false && severity === RISK_SEVERITY.block && RISK_RULES[type].refusable)
        throw bizError(`风控拦截：${found.message}`);
      findings.push({ ...found, rule: type, severity });
    }
  }
  return findings;
}

export const STEP_STATUSES_FOR_JOB = [SHIPPING_STATUS.loaded, SHIPPING_STATUS.inTransit];
