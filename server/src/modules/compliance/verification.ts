import { createHash, randomUUID } from 'node:crypto';
import {
  isHeavyVehicle,
  maskBankCard,
  type SubjectVerification,
  VEHICLE_NET_STATE,
  VERIFICATION_KIND,
  VERIFICATION_KIND_OPTIONS,
  VERIFICATION_MSG,
  VERIFICATION_RESULT,
  VERIFICATION_SUBJECT,
  type VerificationKind,
  type VerificationResult,
  type VerificationSubject,
  type VerificationSummary,
} from '@freight/contracts';
import { and, asc, between, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { withDeadline } from '../../platform/http/deadline.ts';
import { bizError } from '../../platform/http/errors.ts';
import {
  chinaToday,
  hyCarrier,
  hyDriver,
  hyDriverBank,
  hyVehicle,
  netStateOf,
  SimulatedVehiclePlatform,
} from '../freight/index.ts';
import type { CertificateKind, ProviderAnswer, VerificationProvider } from './providers/adapter.ts';
import { VerificationTimeout } from './providers/adapter.ts';
import { SimulatedVerificationProvider } from './providers/simulated.ts';
import { complianceLiveness, complianceVerification } from './verificationSchema.ts';

// Identity and certificate verification: what each subject is checked for, the checks as records,
// the approval guard (refused while a required check failed or is missing, unless a senior role overrides
// with a reason), the retry of unanswered checks and the late answers of the provider.

type Row = typeof complianceVerification.$inferSelect;
/** Where an ignored answer is logged (the app's logger). */
export interface WarnLog {
  warn(obj: object, msg: string): void;
}

/** The vehicle 入网 check: freight's vehicle platform adapter (null: the platform did not answer). */
export type NetCheck = (
  vehicle: {
    plateNo: string;
    plateColor: string | null;
    grossMassKg: number | null;
    vehicleType: string | null;
  },
  db: DbOrTx,
) => Promise<{ netState: number } | null>;

export interface Verifiers {
  provider: VerificationProvider;
  netCheck: NetCheck;
  /** How long a provider call may take before the check is left pending. */
  timeoutMs: number;
}

const PROVIDER_TIMEOUT_MS = 5_000;
/** A pending check is asked again after this long, then twice as long each time, at most a day. */
const RETRY_BASE_MS = 60_000;
const RETRY_MAX_MS = 86_400_000;

const simulatedPlatform = new SimulatedVehiclePlatform(async () => null);

/** The vehicle platform's simulation, for databases without an app (the demo seed). */
const simulatedNet: NetCheck = async (vehicle) => ({
  netState: netStateOf(
    vehicle,
    await simulatedPlatform.isConnected(vehicle.plateNo, vehicle.plateColor ?? '2'),
  ),
});

const registry = new WeakMap<object, Verifiers>();

/** The verifiers of a database: the app's (registered at start), else the simulated ones shipped. */
export function verifiersOf(db: object): Verifiers {
  let found = registry.get(db);
  if (!found) {
    found = {
      provider: new SimulatedVerificationProvider(),
      netCheck: simulatedNet,
      timeoutMs: PROVIDER_TIMEOUT_MS,
    };
    registry.set(db, found);
  }
  return found;
}

export function registerVerifiers(db: object, verifiers: Partial<Verifiers>): Verifiers {
  const merged = { ...verifiersOf(db), ...verifiers };
  registry.set(db, merged);
  return merged;
}

/** What a subject is checked for: one plan per kind, with what is asked (its hash decides a re-check). */
interface Plan {
  kind: VerificationKind;
  required: boolean;
  provider: string;
  inputs: unknown;
  ask: (v: Verifiers, requestId: string, db: DbOrTx) => Promise<ProviderAnswer>;
}

/** A certificate looked up by number and holder: required once its number is registered. */
function certificatePlan(
  kind: VerificationKind,
  certificate: CertificateKind,
  number: string,
  holder: string,
): Plan {
  return {
    kind,
    required: true,
    provider: 'certificate',
    inputs: { number, holder },
    ask: (v, requestId) => v.provider.certificate({ requestId, kind: certificate, number, holder }),
  };
}

interface Subject {
  type: VerificationSubject;
  id: string;
  tenantId: number;
  name: string | null;
  agentId: string | null;
  captainId: string | null;
  plans: Plan[];
}

const hashOf = (inputs: unknown) => createHash('sha256').update(JSON.stringify(inputs)).digest('hex');

/** The subject id of a bank card's checks: the card as the driver binds it, without its number in clear. */
export function cardSubjectId(driverId: string, cardNo: string): string {
  return `b${createHash('sha256')
    .update(`${driverId}:${cardNo.replace(/\s/g, '')}`)
    .digest('hex')
    .slice(0, 31)}`;
}

export interface CardAsk {
  tenantId: number;
  driverId: string;
  cardNo: string;
  holderName: string;
  holderIdCard: string;
  mobile: string;
}

function cardSubject(
  card: CardAsk,
  driver: { agentId: string | null; captainId: string | null } | undefined,
): Subject {
  const cardNo = card.cardNo.replace(/\s/g, '');
  const inputs = { name: card.holderName, idCard: card.holderIdCard, cardNo, mobile: card.mobile };
  return {
    type: VERIFICATION_SUBJECT.driverBank,
    id: cardSubjectId(card.driverId, cardNo),
    tenantId: card.tenantId,
    name: `${card.holderName} ${maskBankCard(cardNo)}`.slice(0, 100),
    agentId: driver?.agentId ?? null,
    captainId: driver?.captainId ?? null,
    plans: [
      {
        kind: VERIFICATION_KIND.bankFourFactor,
        required: true,
        provider: 'bank',
        inputs,
        ask: (v, requestId) => v.provider.bankFourFactor({ requestId, ...inputs }),
      },
    ],
  };
}

async function latestLiveness(db: DbOrTx, driverId: string): Promise<boolean | null> {
  const [row] = await db
    .select({ passed: complianceLiveness.passed })
    .from(complianceLiveness)
    .where(eq(complianceLiveness.driverId, driverId))
    .orderBy(desc(complianceLiveness.reportedAt))
    .limit(1);
  return row ? row.passed : null;
}

type DriverRow = typeof hyDriver.$inferSelect;
type VehicleRow = typeof hyVehicle.$inferSelect;
type CarrierRow = typeof hyCarrier.$inferSelect;

/** A subject an agent and a captain may hold (a driver or a vehicle): its row's keys and its checks. */
function heldSubject(
  type: VerificationSubject,
  row: { id: string; tenantId: number; agentId: string | null; captainId: string | null },
  name: string | null,
  plans: Plan[],
): Subject {
  return {
    type,
    id: row.id,
    tenantId: row.tenantId,
    name,
    agentId: row.agentId,
    captainId: row.captainId,
    plans,
  };
}

function driverSubject(d: DriverRow, liveness: boolean | null): Subject {
  const id2 = { name: d.driverName, idCard: d.idCard, liveness };
  const plans: Plan[] = [
    {
      kind: VERIFICATION_KIND.idTwoFactor,
      required: true,
      provider: 'identity',
      inputs: id2,
      ask: (v, requestId) => v.provider.idTwoFactor({ requestId, ...id2 }),
    },
  ];
  if (d.qualificationNo)
    plans.push(
      certificatePlan(VERIFICATION_KIND.qualification, 'qualification', d.qualificationNo, d.driverName),
    );
  return heldSubject(VERIFICATION_SUBJECT.driver, d, d.driverName, plans);
}

function vehicleSubject(v: VehicleRow): Subject {
  const net = {
    plateNo: v.plateNo,
    plateColor: v.plateColor,
    grossMassKg: v.grossMassKg,
    vehicleType: v.vehicleType,
  };
  const plans: Plan[] = [
    {
      kind: VERIFICATION_KIND.vehicleNet,
      // A light vehicle needs not be connected (the vehicle platform's rule): checked, shown, not required.
      required: isHeavyVehicle(v),
      provider: 'vehicle-platform',
      inputs: net,
      async ask(verifiers, _requestId, tx) {
        const answer = await verifiers.netCheck(net, tx);
        if (!answer) throw new VerificationTimeout('vehicle platform');
        if (answer.netState === VEHICLE_NET_STATE.connected) return { result: 'pass', reason: '已入网' };
        if (answer.netState === VEHICLE_NET_STATE.notRequired)
          return { result: 'pass', reason: '轻型车辆未入网，无需入网' };
        return { result: 'fail', reason: '重型货车未接入全国道路货运车辆公共监管与服务平台' };
      },
    },
  ];
  if (v.roadTransportNo)
    plans.push(
      certificatePlan(VERIFICATION_KIND.roadTransport, 'roadTransport', v.roadTransportNo, v.plateNo),
    );
  return heldSubject(VERIFICATION_SUBJECT.vehicle, v, v.plateNo, plans);
}

function carrierSubject(c: CarrierRow): Subject {
  const plans: Plan[] = [];
  if (c.permitNo)
    plans.push(
      certificatePlan(VERIFICATION_KIND.transportPermit, 'transportPermit', c.permitNo, c.carrierName),
    );
  return {
    type: VERIFICATION_SUBJECT.carrier,
    id: c.id,
    tenantId: c.tenantId,
    name: c.carrierName.slice(0, 100),
    agentId: null,
    captainId: null,
    plans,
  };
}

type CardRow = typeof hyDriverBank.$inferSelect;
type CardDriver = { mobile: string; agentId: string | null; captainId: string | null };

function storedCardSubject(card: CardRow, driver: CardDriver | undefined): Subject {
  return cardSubject(
    {
      tenantId: card.tenantId,
      driverId: card.driverId,
      cardNo: card.cardNo,
      holderName: card.holderName,
      holderIdCard: card.holderIdCard,
      mobile: card.reservedMobile ?? driver?.mobile ?? '',
    },
    driver,
  );
}

/** The subject with its plans, or null when it does not exist (in the tenant). */
async function subjectOf(
  db: DbOrTx,
  type: VerificationSubject,
  id: string,
  tenantId: number,
): Promise<Subject | null> {
  switch (type) {
    case VERIFICATION_SUBJECT.driver: {
      const d = await tenantRow(db, hyDriver, id, tenantId);
      return d ? driverSubject(d, await latestLiveness(db, d.id)) : null;
    }
    case VERIFICATION_SUBJECT.vehicle: {
      const v = await tenantRow(db, hyVehicle, id, tenantId);
      return v ? vehicleSubject(v) : null;
    }
    case VERIFICATION_SUBJECT.carrier: {
      const c = await tenantRow(db, hyCarrier, id, tenantId);
      return c ? carrierSubject(c) : null;
    }
    case VERIFICATION_SUBJECT.driverBank: {
      const card = await tenantRow(db, hyDriverBank, id, tenantId);
      if (!card) return null;
      const [driver] = await db
        .select({ mobile: hyDriver.mobile, agentId: hyDriver.agentId, captainId: hyDriver.captainId })
        .from(hyDriver)
        .where(eq(hyDriver.id, card.driverId));
      return storedCardSubject(card, driver);
    }
  }
}

/** The row of `table` with this id in the tenant, if any. */
async function tenantRow<T extends PgTable & { id: PgColumn; tenantId: PgColumn }>(
  db: DbOrTx,
  table: T,
  id: string,
  tenantId: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)));
  return row as T['$inferSelect'] | undefined;
}

/** Asks the provider; a timeout or an unreachable provider is no answer (pending), never a pass. */
async function ask(
  verifiers: Verifiers,
  plan: Plan,
  requestId: string,
  db: DbOrTx,
): Promise<ProviderAnswer | null> {
  try {
    return await withDeadline(
      plan.ask(verifiers, requestId, db),
      verifiers.timeoutMs,
      () => new VerificationTimeout(),
    );
  } catch (error) {
    if (error instanceof VerificationTimeout) return null;
    throw error;
  }
}

const retryDelay = (attempts: number) =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** Asks one plan of a subject: the check's row as recorded (pending with its retry time when unanswered). */
async function askedCheck(
  db: DbOrTx,
  verifiers: Verifiers,
  subject: Subject,
  plan: Plan,
  operator: string,
  now: Date,
): Promise<typeof complianceVerification.$inferInsert> {
  const requestId = randomUUID().replaceAll('-', '');
  const answer = await ask(verifiers, plan, requestId, db);
  return {
    tenantId: subject.tenantId,
    subjectType: subject.type,
    subjectId: subject.id,
    subjectName: subject.name,
    kind: plan.kind,
    provider: `${verifiers.provider.name}:${plan.provider}`,
    requestId,
    result: answer ? answer.result : VERIFICATION_RESULT.pending,
    reason: answer ? answer.reason.slice(0, 255) : VERIFICATION_MSG.pendingRetry,
    inputHash: hashOf(plan.inputs),
    attempts: 1,
    nextRetryAt: answer ? null : new Date(now.getTime() + retryDelay(1)),
    operator,
    checkedAt: now,
    answeredAt: answer ? now : null,
    agentId: subject.agentId,
    captainId: subject.captainId,
  };
}

/** One check of one plan, recorded. */
async function runPlan(db: DbOrTx, subject: Subject, plan: Plan, operator: string, now: Date): Promise<Row> {
  const verifiers = verifiersOf(dbKey(db));
  const [row] = await db
    .insert(complianceVerification)
    .values(await askedCheck(db, verifiers, subject, plan, operator, now))
    .returning();
  if (!row) throw new Error('verification not recorded');
  tablesWritten(dbKey(db), complianceVerification);
  return row;
}

/** The latest record of each kind of a subject. */
async function latestByKind(db: DbOrTx, type: string, id: string): Promise<Map<string, Row>> {
  const rows = await db
    .select()
    .from(complianceVerification)
    .where(and(eq(complianceVerification.subjectType, type), eq(complianceVerification.subjectId, id)))
    .orderBy(asc(complianceVerification.checkedAt), asc(complianceVerification.attempts));
  const out = new Map<string, Row>();
  for (const row of rows) out.set(row.kind, row);
  return out;
}

/**
 * Transactions hand the listener a tx whose identity differs from the app's db: the verifiers are registered on
 * the app's db, reached from a tx through this map (set by the module around its listeners).
 */
const txOwners = new WeakMap<object, object>();
export function bindTx(tx: object, db: object): void {
  txOwners.set(tx, db);
}
const dbKey = (db: object): object => txOwners.get(db) ?? db;

async function verifyPlans(
  db: DbOrTx,
  subject: Subject,
  operator: string,
  force: boolean,
  now: Date,
  askPending = false,
): Promise<Map<string, Row>> {
  const latest = await latestByKind(db, subject.type, subject.id);
  for (const plan of subject.plans) {
    const last = latest.get(plan.kind);
    // The same values already answered, or already waiting for the retry: nothing new to ask (an approval
    // asks a pending one again: it wants an answer now).
    const waiting = last?.result === VERIFICATION_RESULT.pending;
    if (!force && last && last.inputHash === hashOf(plan.inputs) && !(askPending && waiting)) continue;
    latest.set(plan.kind, await runPlan(db, subject, plan, operator, now));
  }
  return latest;
}

/**
 * Checks a subject: every kind whose values changed since its last check (a new certificate, a corrected
 * name) or was never checked; `force` asks again anyway (the reviewer's re-check). Missing subjects: nothing.
 */
export async function verifySubject(
  db: DbOrTx,
  type: VerificationSubject,
  id: string,
  tenantId: number,
  options: { operator?: string; force?: boolean; now?: Date } = {},
): Promise<void> {
  const subject = await subjectOf(db, type, id, tenantId);
  if (!subject) return;
  await verifyPlans(
    db,
    subject,
    options.operator ?? 'system',
    options.force ?? false,
    options.now ?? new Date(),
  );
}

/** The card binding's four-factor check (before the card is stored); a failure refuses the binding. */
export async function verifyCardBinding(
  db: DbOrTx,
  card: CardAsk,
  operator: string,
): Promise<Row | undefined> {
  const [driver] = await db
    .select({ agentId: hyDriver.agentId, captainId: hyDriver.captainId })
    .from(hyDriver)
    .where(eq(hyDriver.id, card.driverId));
  const subject = cardSubject(card, driver);
  const latest = await verifyPlans(db, subject, operator, false, new Date());
  const row = latest.get(VERIFICATION_KIND.bankFourFactor);
  if (row?.result === VERIFICATION_RESULT.fail)
    throw bizError(`${VERIFICATION_MSG.cardRefused}：${row.reason}`);
  return row;
}

const KIND_LABEL = new Map<string, string>(VERIFICATION_KIND_OPTIONS.map((o) => [o.value, o.label[0]]));

function summaryOf(plans: Plan[], latest: Map<string, Row>): SubjectVerification {
  const checks: VerificationSummary[] = [];
  for (const plan of plans) {
    const row = latest.get(plan.kind);
    checks.push({
      kind: plan.kind,
      required: plan.required,
      result: (row?.result ?? VERIFICATION_RESULT.pending) as VerificationResult,
      // Never checked: no reason (the console says so in its language).
      reason: row ? row.reason : null,
      provider: row?.provider ?? null,
      requestId: row?.requestId ?? null,
      checkedAt: row?.checkedAt.toISOString() ?? null,
    });
  }
  const override = latest.get(VERIFICATION_KIND.override);
  if (override)
    checks.push({
      kind: VERIFICATION_KIND.override,
      required: false,
      result: override.result as VerificationResult,
      reason: override.reason,
      provider: override.provider,
      requestId: override.requestId,
      checkedAt: override.checkedAt.toISOString(),
    });
  const approvable = plans.every(
    (p) => !p.required || latest.get(p.kind)?.result === VERIFICATION_RESULT.pass,
  );
  return { checks, approvable };
}

/** The latest check of each kind of a subject, as the review drawer shows it (null: no such subject). */
export async function subjectVerification(
  db: DbOrTx,
  type: VerificationSubject,
  id: string,
  tenantId: number,
): Promise<SubjectVerification | null> {
  const subject = await subjectOf(db, type, id, tenantId);
  if (!subject) return null;
  return summaryOf(subject.plans, await latestByKind(db, subject.type, subject.id));
}

const ENTITY_SUBJECTS: Record<string, VerificationSubject> = {
  driver: VERIFICATION_SUBJECT.driver,
  vehicle: VERIFICATION_SUBJECT.vehicle,
  carrier: VERIFICATION_SUBJECT.carrier,
  driverbank: VERIFICATION_SUBJECT.driverBank,
};

export const subjectOfEntity = (entity: string): VerificationSubject | undefined => ENTITY_SUBJECTS[entity];

export interface ApprovalAsk {
  entity: string;
  id: string;
  tenantId: number;
  operator: string;
  override?: boolean;
  overrideReason?: string;
  /** Whether the approver holds the override permission. */
  mayOverride: () => Promise<boolean>;
}

/**
 * Before an approval: asks what was never asked (or changed), then refuses while a required check failed or is
 * pending, unless the approver overrides with a reason (recorded as an `override` check). Returns the line
 * the review log keeps with the approval.
 */
export async function approvalGuard(db: DbOrTx, request: ApprovalAsk): Promise<string | undefined> {
  const type = subjectOfEntity(request.entity);
  if (!type) return undefined;
  const subject = await subjectOf(db, type, request.id, request.tenantId);
  if (!subject) return undefined;
  const now = new Date();
  const latest = await verifyPlans(db, subject, request.operator, false, now, true);
  const { checks, approvable } = summaryOf(subject.plans, latest);
  if (approvable) return undefined;
  const blocking = checks.filter((c) => c.required && c.result !== VERIFICATION_RESULT.pass);
  const what = blocking
    .map((c) => `${KIND_LABEL.get(c.kind) ?? c.kind}：${c.reason ?? '尚未核验'}`)
    .join('；');
  if (!request.override) throw bizError(`${VERIFICATION_MSG.blocked}（${what}）`, 500, { checks });
  const reason = request.overrideReason?.trim();
  if (!reason) throw bizError(VERIFICATION_MSG.overrideReason);
  if (!(await request.mayOverride())) throw bizError(VERIFICATION_MSG.overrideDenied);
  await db.insert(complianceVerification).values({
    tenantId: subject.tenantId,
    subjectType: subject.type,
    subjectId: subject.id,
    subjectName: subject.name,
    kind: VERIFICATION_KIND.override,
    provider: 'manual',
    requestId: randomUUID().replaceAll('-', ''),
    result: VERIFICATION_RESULT.pass,
    reason: `${reason}（越过：${what}）`.slice(0, 255),
    inputHash: hashOf(blocking),
    operator: request.operator,
    checkedAt: now,
    answeredAt: now,
    agentId: subject.agentId,
    captainId: subject.captainId,
  });
  tablesWritten(dbKey(db), complianceVerification);
  return `越权通过：${reason}`;
}

/** A provider's answer for a request: applied to its pending check; an unknown request id is ignored, logged. */
export async function acceptAnswer(
  db: DbOrTx,
  answer: { requestId: string; result: 'pass' | 'fail'; reason: string },
  log?: WarnLog,
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(complianceVerification)
    .set({ result: answer.result, reason: answer.reason.slice(0, 255), answeredAt: now, nextRetryAt: null })
    .where(
      and(
        eq(complianceVerification.requestId, answer.requestId),
        eq(complianceVerification.result, VERIFICATION_RESULT.pending),
      ),
    )
    .returning({ id: complianceVerification.id });
  if (updated.length === 0) {
    log?.warn(
      { requestId: answer.requestId },
      'verification answer for an unknown or answered request ignored',
    );
    return false;
  }
  tablesWritten(dbKey(db), complianceVerification);
  return true;
}

/**
 * The retry job: answers that arrived for pending checks are applied, the rest are asked again (with the same
 * request id) and, still unanswered, wait twice as long. A check that timed out is never passed by waiting.
 */
export async function retryPending(
  db: DbOrTx,
  log?: WarnLog,
  now = new Date(),
): Promise<{ answered: number; pending: number; ignored: number }> {
  const due = await db
    .select()
    .from(complianceVerification)
    .where(
      and(
        eq(complianceVerification.result, VERIFICATION_RESULT.pending),
        lte(complianceVerification.nextRetryAt, now),
      ),
    )
    .orderBy(asc(complianceVerification.nextRetryAt))
    .limit(500);
  const verifiers = verifiersOf(dbKey(db));
  let answered = 0;
  let ignored = 0;
  const byRequest = new Map(due.map((r) => [r.requestId, r]));
  const late = byRequest.size ? await verifiers.provider.poll([...byRequest.keys()]).catch(() => []) : [];
  for (const answer of late) {
    if (await acceptAnswer(db, answer, log, now)) {
      answered += 1;
      byRequest.delete(answer.requestId);
    } else ignored += 1;
  }
  let pending = 0;
  for (const row of byRequest.values()) {
    const subject = await subjectOf(db, row.subjectType as VerificationSubject, row.subjectId, row.tenantId);
    const plan = subject?.plans.find((p) => p.kind === row.kind);
    // The subject or the check is gone, or its values changed (a newer check stands): this one is closed.
    if (!subject || !plan || hashOf(plan.inputs) !== row.inputHash) {
      await db
        .update(complianceVerification)
        .set({ result: VERIFICATION_RESULT.fail, reason: '核验对象已变更，本次核验作废', nextRetryAt: null })
        .where(eq(complianceVerification.id, row.id));
      continue;
    }
    const answer = await ask(verifiers, plan, row.requestId, db);
    const attempts = row.attempts + 1;
    if (answer) {
      await db
        .update(complianceVerification)
        .set({
          result: answer.result,
          reason: answer.reason.slice(0, 255),
          attempts,
          answeredAt: now,
          nextRetryAt: null,
        })
        .where(eq(complianceVerification.id, row.id));
      answered += 1;
    } else {
      await db
        .update(complianceVerification)
        .set({ attempts, nextRetryAt: new Date(now.getTime() + retryDelay(attempts)) })
        .where(eq(complianceVerification.id, row.id));
      pending += 1;
    }
  }
  if (due.length) tablesWritten(dbKey(db), complianceVerification);
  return { answered, pending, ignored };
}

/** Records the driver app's face-liveness result and checks the driver's identity again with it. */
export async function reportLiveness(
  db: DbOrTx,
  driverId: string,
  tenantId: number,
  passed: boolean,
  score: number | undefined,
  operator: string,
): Promise<SubjectVerification | null> {
  const [driver] = await idsWhere(db, hyDriver, eq(hyDriver.id, driverId), eq(hyDriver.tenantId, tenantId));
  if (!driver) return null;
  await db.insert(complianceLiveness).values({ tenantId, driverId, passed, score, reportedBy: operator });
  await verifySubject(db, VERIFICATION_SUBJECT.driver, driverId, tenantId, { operator });
  return subjectVerification(db, VERIFICATION_SUBJECT.driver, driverId, tenantId);
}

/**
 * Every driver, vehicle, carrier and card checked where it never was or changed since (the demo seed, a
 * backfill): read at once, asked one by one, written in batches. Returns the checks written.
 */
export async function verifyAll(db: DbOrTx, operator = 'system', now = new Date()): Promise<number> {
  const drivers = await db.select().from(hyDriver);
  const liveness = new Map<string, boolean>();
  for (const l of await db
    .select({ driverId: complianceLiveness.driverId, passed: complianceLiveness.passed })
    .from(complianceLiveness)
    .orderBy(asc(complianceLiveness.reportedAt)))
    liveness.set(l.driverId, l.passed);
  const byDriver = new Map<string, CardDriver>(
    drivers.map((d) => [d.id, { mobile: d.mobile, agentId: d.agentId, captainId: d.captainId }]),
  );
  const subjects: Subject[] = [
    ...drivers.map((d) => driverSubject(d, liveness.get(d.id) ?? null)),
    ...(await db.select().from(hyVehicle)).map(vehicleSubject),
    ...(await db.select().from(hyCarrier)).map(carrierSubject),
    ...(await db.select().from(hyDriverBank)).map((c) => storedCardSubject(c, byDriver.get(c.driverId))),
  ];
  const asked = new Map<string, string>();
  for (const r of await db
    .select({
      subjectType: complianceVerification.subjectType,
      subjectId: complianceVerification.subjectId,
      kind: complianceVerification.kind,
      inputHash: complianceVerification.inputHash,
    })
    .from(complianceVerification)
    .orderBy(asc(complianceVerification.checkedAt)))
    asked.set(`${r.subjectType}:${r.subjectId}:${r.kind}`, r.inputHash);
  const verifiers = verifiersOf(dbKey(db));
  const rows: Array<typeof complianceVerification.$inferInsert> = [];
  for (const subject of subjects)
    for (const plan of subject.plans) {
      if (asked.get(`${subject.type}:${subject.id}:${plan.kind}`) === hashOf(plan.inputs)) continue;
      rows.push(await askedCheck(db, verifiers, subject, plan, operator, now));
    }
  for (let i = 0; i < rows.length; i += 500)
    await db.insert(complianceVerification).values(rows.slice(i, i + 500));
  if (rows.length) tablesWritten(dbKey(db), complianceVerification);
  return rows.length;
}

/** Marks the cards whose latest four-factor check passed as verified (the card list's 已核验), at once. */
export async function markVerifiedCards(db: DbOrTx, cardIds: string[]): Promise<void> {
  if (cardIds.length === 0) return;
  const cards = await db
    .select({ id: hyDriverBank.id, driverId: hyDriverBank.driverId, cardNo: hyDriverBank.cardNo })
    .from(hyDriverBank)
    .where(inArray(hyDriverBank.id, cardIds));
  const latest = new Map<string, string>();
  for (const r of await db
    .select({ subjectId: complianceVerification.subjectId, result: complianceVerification.result })
    .from(complianceVerification)
    .where(
      and(
        eq(complianceVerification.subjectType, VERIFICATION_SUBJECT.driverBank),
        eq(complianceVerification.kind, VERIFICATION_KIND.bankFourFactor),
      ),
    )
    .orderBy(asc(complianceVerification.checkedAt)))
    latest.set(r.subjectId, r.result);
  const passed = cards
    .filter((c) => latest.get(cardSubjectId(c.driverId, c.cardNo)) === VERIFICATION_RESULT.pass)
    .map((c) => c.id);
  for (let i = 0; i < passed.length; i += 500)
    await db
      .update(hyDriverBank)
      .set({ verified: true })
      .where(inArray(hyDriverBank.id, passed.slice(i, i + 500)));
}

/** Certificates with an end date whose lookup is asked again before they end. */
const EXPIRING: Array<{
  type: VerificationSubject;
  table: PgTable;
  id: PgColumn;
  tenantId: PgColumn;
  checks: Array<{ kind: VerificationKind; validTo: PgColumn }>;
}> = [
  {
    type: VERIFICATION_SUBJECT.driver,
    table: hyDriver,
    id: hyDriver.id,
    tenantId: hyDriver.tenantId,
    checks: [
      { kind: VERIFICATION_KIND.idTwoFactor, validTo: hyDriver.idCardValidTo },
      { kind: VERIFICATION_KIND.qualification, validTo: hyDriver.qualificationValidTo },
    ],
  },
  {
    type: VERIFICATION_SUBJECT.vehicle,
    table: hyVehicle,
    id: hyVehicle.id,
    tenantId: hyVehicle.tenantId,
    checks: [{ kind: VERIFICATION_KIND.roadTransport, validTo: hyVehicle.roadTransportValidTo }],
  },
  {
    type: VERIFICATION_SUBJECT.carrier,
    table: hyCarrier,
    id: hyCarrier.id,
    tenantId: hyCarrier.tenantId,
    checks: [{ kind: VERIFICATION_KIND.transportPermit, validTo: hyCarrier.permitValidTo }],
  },
];

const DAY_MS = 86_400_000;

/**
 * The re-check before expiry: every certificate ending within `days` (China days, today included) is looked up
 * again — revoked or renewed under the same number shows before it lapses — once per window: a check made since
 * the window opened (validTo − days) stands. Answers the checks asked.
 */
export async function recheckExpiring(db: DbOrTx, days: number, now = new Date()): Promise<number> {
  const today = chinaToday(now);
  const until = chinaToday(new Date(now.getTime() + days * DAY_MS));
  let asked = 0;
  for (const spec of EXPIRING) {
    const columns = Object.fromEntries(spec.checks.map((c) => [c.kind, c.validTo]));
    const rows = (await db
      .select({ id: spec.id, tenantId: spec.tenantId, ...columns })
      .from(spec.table)
      .where(or(...spec.checks.map((c) => between(c.validTo, today, until))))) as Array<
      Record<string, string | null> & { id: string; tenantId: number }
    >;
    for (const row of rows) {
      const latest = await latestByKind(db, spec.type, row.id);
      const due = spec.checks.filter(({ kind }) => {
        const validTo = row[kind];
        if (!validTo || validTo < today || validTo > until) return false;
        const opened = new Date(`${validTo}T00:00:00+08:00`).getTime() - days * DAY_MS;
        const last = latest.get(kind);
        return !last || last.checkedAt.getTime() < opened;
      });
      if (due.length === 0) continue;
      const subject = await subjectOf(db, spec.type, row.id, row.tenantId);
      for (const plan of subject?.plans ?? [])
        if (subject && due.some((d) => d.kind === plan.kind)) {
          await runPlan(db, subject, plan, 'system', now);
          asked += 1;
        }
    }
  }
  return asked;
}
