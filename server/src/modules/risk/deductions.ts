import {
  APPEAL_DAYS_CONFIG_KEY,
  CONTRACT_STATE,
  DEFAULT_APPEAL_DAYS,
  type DeductionState,
  formatFen,
  MAX_DEDUCTION_ATTEMPTS,
  riskRuleName,
  SHIPPING_STATUS,
  USER_TYPE,
  type ViolationAppealBody,
  type ViolationDecideBody,
} from '@freight/contracts';
import { and, asc, eq, inArray, lt, lte, or } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { AppError, bizError, recordNotFound } from '../../platform/http/errors.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { hyConfig } from '../apps/index.ts';
import {
  type FinActor,
  type Finance,
  moneyTx,
  postDecidedDeduction,
  SYSTEM_ACTOR,
} from '../finance/index.ts';
import { hyShippingNote, hyTransportContract } from '../freight/index.ts';
import { jsonOutcomeJob, publishToUsers, sysUser } from '../system/index.ts';
import { riskViolation, riskWarning } from './schema.ts';

// Deductions for confirmed violations (违规扣款): offered only where the waybill's signed carrier contract has
// the violation clause (a percentage of the driver's freight). Confirming with a deduction tells the carrier's
// side (its captain's users: drivers have no console account) and opens the appeal window (platform parameter
// risk.appeal_days, 3 days by default). An appeal within the window goes to staff: upheld, nothing is deducted;
// refused, the deduction is posted at once. A window that lapses without appeal is posted by the scheduled job.
// Posting goes through finance's ledger in one money transaction with the idempotency key of the violation, and
// the violation's state moves in the same transaction: however often the job runs, it is posted once. While a
// deduction is pending the note's pay is held (its risk status), so the freight it is taken from is still there.
// A posting finance refuses is marked failed with finance's reason; the job tries it again each hour (the same
// idempotency key, so it is never posted twice) up to MAX_DEDUCTION_ATTEMPTS, and staff may retry it at once.

export const VIOLATION_DEDUCTION_JOB = 'riskViolationDeduction';

type ViolationRow = typeof riskViolation.$inferSelect;
type WarningRow = typeof riskWarning.$inferSelect;

const yuan = (fen: number) => `${formatFen(fen)}元`;

/** The appeal window in days: the tenant's parameter, else the platform's, else 3. */
export async function appealDays(tx: DbOrTx, tenantId: number): Promise<number> {
  const rows = await tx
    .select({ tenantId: hyConfig.tenantId, value: hyConfig.configValue })
    .from(hyConfig)
    .where(and(inArray(hyConfig.tenantId, [0, tenantId]), eq(hyConfig.configKey, APPEAL_DAYS_CONFIG_KEY)));
  rows.sort((a, b) => b.tenantId - a.tenantId);
  const days = Number(rows.find((r) => r.value)?.value);
  return Number.isFinite(days) && days > 0 ? days : DEFAULT_APPEAL_DAYS;
}

/** The deduction a confirmed warning may carry: refused, naming why, when the contract has no clause. */
export async function proposeDeduction(
  tx: DbOrTx,
  warning: WarningRow,
): Promise<{
  captainId: string | null;
  contractNo: string;
  penaltyPct: number;
  deductionFen: number;
  deadline: Date;
}> {
  if (!warning.noteId) throw bizError('该预警没有运单，没有承运合同，不能扣款');
  const [contract] = await tx
    .select()
    .from(hyTransportContract)
    .where(
      and(
        eq(hyTransportContract.noteId, warning.noteId),
        eq(hyTransportContract.kind, 'carrier'),
        eq(hyTransportContract.state, CONTRACT_STATE.signed),
      ),
    );
  if (!contract) throw bizError('该运单没有已签署的承运合同，不能扣款（扣款须有合同约定）');
  if (!contract.penaltyPct)
    throw bizError(`承运合同${contract.contractNo}没有违规扣款条款，不能扣款（可记录违规或列入黑名单）`);
  const [note] = await tx
    .select({ captainId: hyShippingNote.captainId, driverFee: hyShippingNote.driverFee })
    .from(hyShippingNote)
    .where(eq(hyShippingNote.id, warning.noteId));
  const freight = note?.driverFee ?? contract.freightFen;
  const deductionFen = Math.round((freight * contract.penaltyPct) / 100);
  if (deductionFen <= 0) throw bizError('按合同条款计算的扣款金额为0，不能扣款');
  const days = await appealDays(tx, warning.tenantId);
  return {
    captainId: note?.captainId ?? null,
    contractNo: contract.contractNo,
    penaltyPct: contract.penaltyPct,
    deductionFen,
    deadline: new Date(Date.now() + days * 86_400_000),
  };
}

/** What the handle form offers: the deduction the contract allows, or why there is none. */
export async function deductionOffer(
  db: Db,
  tenantId: number,
  warningId: string,
): Promise<
  | { offered: true; deductionFen: number; penaltyPct: number; contractNo: string; appealDays: number }
  | { offered: false; reason: string }
> {
  const [warning] = await db
    .select()
    .from(riskWarning)
    .where(and(eq(riskWarning.id, warningId), eq(riskWarning.tenantId, tenantId)));
  if (!warning) throw recordNotFound();
  try {
    const d = await proposeDeduction(db, warning);
    return {
      offered: true,
      deductionFen: d.deductionFen,
      penaltyPct: d.penaltyPct,
      contractNo: d.contractNo,
      appealDays: await appealDays(db, tenantId),
    };
  } catch (error) {
    if (error instanceof AppError) return { offered: false, reason: error.message };
    throw error;
  }
}

/** The console users of the carrier's side (its captain's accounts). */
async function carrierUsers(tx: DbOrTx, captainId: string | null): Promise<string[]> {
  if (!captainId) return [];
  const rows = await idsWhere(
    tx,
    sysUser,
    eq(sysUser.cid, captainId),
    eq(sysUser.userType, USER_TYPE.captain),
    eq(sysUser.delFlag, 0),
    eq(sysUser.status, 1),
  );
  return rows.map((r) => r.id);
}

/** The written notice of a proposed deduction, to the carrier's side (in the confirming transaction). */
export async function noticeDeduction(tx: DbOrTx, v: ViolationRow): Promise<number> {
  const users = await carrierUsers(tx, v.captainId);
  if (users.length === 0) return 0;
  const deadline = v.appealDeadline?.toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  await publishToUsers(tx, {
    tenantId: v.tenantId,
    title: `违规扣款通知：运单${v.shippingNoteNumber ?? ''}`,
    content: [
      `运单${v.shippingNoteNumber ?? ''}（司机${v.driverName ?? ''}，车牌${v.plateNo ?? ''}）经平台认定违规：${riskRuleName(v.ruleType)}。`,
      `依据承运合同${v.contractNo ?? ''}的违规扣款条款（运费的${v.penaltyPct ?? 0}%），拟扣款${yuan(v.deductionFen ?? 0)}。`,
      `如有异议，请于${deadline}前在“违规记录”中提出申诉；逾期未申诉的，将从应付运费中扣款。`,
    ].join('\n'),
    userIds: users,
    sender: '系统',
    busType: 'risk_violation',
    busId: v.id,
  });
  return users.length;
}

async function lockViolation(tx: Tx, tenantId: number, id: string): Promise<ViolationRow> {
  const [v] = await tx
    .select()
    .from(riskViolation)
    .where(and(eq(riskViolation.id, id), eq(riskViolation.tenantId, tenantId)))
    .for('update');
  if (!v) throw recordNotFound();
  return v;
}

/** Rewrites a waybill's risk summary and risk status from its warnings (warnings.ts refreshNote). */
type RefreshNote = (tx: DbOrTx, noteId: string) => Promise<void>;

/**
 * Locks a violation of the tenant, changes it, and brings its note up to date, in the caller's transaction; a
 * change that stores nothing leaves the note as it is.
 */
async function changeViolation<R extends ViolationRow | null>(
  tx: Tx,
  tenantId: number,
  id: string,
  refresh: RefreshNote,
  change: (v: ViolationRow) => Promise<R>,
): Promise<R> {
  const v = await lockViolation(tx, tenantId, id);
  const stored = await change(v);
  if (stored && v.noteId) await refresh(tx, v.noteId);
  return stored;
}

const STATE_TEXT: Record<DeductionState, string> = {
  notice: '申诉期内',
  appealed: '申诉中',
  due: '待扣款',
  posted: '已扣款',
  cancelled: '申诉成立，不扣款',
  failed: '扣款失败',
};

/** Refuses a step the deduction's state does not allow, naming the state, or that there is no deduction. */
const refuseDeductionState = (v: ViolationRow, refused: string, none: string) =>
  bizError(
    v.deductionState
      ? `该扣款${STATE_TEXT[v.deductionState as DeductionState]}，${refused}`
      : `该违规没有扣款，${none}`,
  );

export interface ViolationActor {
  username: string;
  tenantId: number;
  userType: number;
  cid: string | null;
}

/** The carrier's side appeals a notified deduction within its window. */
export async function appealViolation(
  db: Db,
  actor: ViolationActor,
  body: ViolationAppealBody,
  refresh: RefreshNote,
): Promise<ViolationRow> {
  return db.transaction((tx) =>
    changeViolation(tx, actor.tenantId, body.id, refresh, async (v) => {
      // Party users see only their own violations (404, like any row outside their scope).
      if (
        actor.userType !== USER_TYPE.system &&
        (actor.userType !== USER_TYPE.captain || v.captainId !== actor.cid)
      )
        throw recordNotFound();
      if (v.deductionState !== 'notice') throw refuseDeductionState(v, '不能申诉', '无需申诉');
      if (!v.appealDeadline || v.appealDeadline.getTime() <= Date.now())
        throw bizError('申诉期已过，不能申诉');
      const [stored] = await tx
        .update(riskViolation)
        .set({
          deductionState: 'appealed',
          appealReason: body.reason,
          appealBy: actor.username,
          appealTime: new Date(),
          updateBy: actor.username,
          updateTime: new Date(),
        })
        .where(and(eq(riskViolation.id, v.id), eq(riskViolation.deductionState, 'notice')))
        .returning();
      if (!stored) throw bizError('该扣款已变更，请刷新后重试');
      return stored;
    }),
  );
}

/**
 * Posts a due deduction (locked by the caller) through the ledger, in the caller's money transaction; a note
 * not yet audited leaves it due (the next run tries again); a refusal of finance marks it failed with the reason
 * and counts the attempt.
 */
async function postLocked(tx: Tx, fin: Finance, actor: FinActor, v: ViolationRow): Promise<ViolationRow> {
  if (!v.noteId || !v.deductionFen) throw new Error('a deduction without note or amount');
  const [note] = await tx
    .select({ status: hyShippingNote.status })
    .from(hyShippingNote)
    .where(eq(hyShippingNote.id, v.noteId));
  const now = new Date();
  const done = (set: Partial<ViolationRow>) =>
    tx
      .update(riskViolation)
      .set({ ...set, updateBy: actor.username, updateTime: now })
      .where(eq(riskViolation.id, v.id))
      .returning()
      .then((rows) => rows[0]);
  // Audit comes after sign: until then the deduction waits (due) for the freight it is taken from.
  if (note?.status !== SHIPPING_STATUS.audited && note?.status !== SHIPPING_STATUS.completed)
    return done({ deductionState: 'due', deductionNote: '运单审核后从应付运费中扣款' });
  try {
    // A savepoint: a refusal of finance undoes only the posting, and the violation records why.
    const adj = await tx.transaction((inner) =>
      postDecidedDeduction(inner, fin, actor, {
        noteId: v.noteId ?? '',
        amountFen: v.deductionFen ?? 0,
        reason: `违规扣款：${riskRuleName(v.ruleType)}（合同${v.contractNo ?? ''}）`,
        idempotencyKey: `violation-deduct-${v.id}`,
      }),
    );
    return done({ deductionState: 'posted', adjustNo: adj.adjustNo, postedTime: now, deductionNote: null });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return done({
      deductionState: 'failed',
      deductionNote: error.message.slice(0, 255),
      deductionAttempts: v.deductionAttempts + 1,
    });
  }
}

/** Staff decide an appeal: upheld cancels the deduction; refused posts it at once. */
export async function decideAppeal(
  fin: Finance,
  actor: FinActor,
  body: ViolationDecideBody,
  refresh: RefreshNote,
): Promise<ViolationRow> {
  return moneyTx(fin.db, (tx) =>
    changeViolation(tx, actor.tenantId, body.id, refresh, async (v) => {
      if (v.deductionState !== 'appealed') throw bizError('该违规没有待处理的申诉');
      const now = new Date();
      const [decided] = await tx
        .update(riskViolation)
        .set({
          deductionState: body.accept ? 'cancelled' : 'due',
          decideBy: actor.username,
          decideReason: body.reason,
          decideTime: now,
          updateBy: actor.username,
          updateTime: now,
        })
        .where(eq(riskViolation.id, v.id))
        .returning();
      return body.accept ? decided : await postLocked(tx, fin, actor, decided);
    }),
  );
}

/** Staff post a failed deduction again at once; refused again, the job's attempts start over. */
export async function retryDeduction(
  fin: Finance,
  actor: FinActor,
  id: string,
  refresh: RefreshNote,
): Promise<ViolationRow> {
  return moneyTx(fin.db, (tx) =>
    changeViolation(tx, actor.tenantId, id, refresh, async (v) => {
      if (v.deductionState !== 'failed') throw refuseDeductionState(v, '不需要重试', '无需重试');
      return postLocked(tx, fin, actor, { ...v, deductionAttempts: 0 });
    }),
  );
}

/** Whether the job posts this deduction now: its window lapsed, it is due, or it failed with attempts left. */
function postable(
  v: Pick<ViolationRow, 'deductionState' | 'appealDeadline' | 'deductionAttempts'>,
  now: Date,
) {
  if (v.deductionState === 'due') return true;
  if (v.deductionState === 'failed') return v.deductionAttempts < MAX_DEDUCTION_ATTEMPTS;
  return v.deductionState === 'notice' && !!v.appealDeadline && v.appealDeadline <= now;
}

/**
 * The job's work: every deduction whose window lapsed without appeal, that is due, or that failed with attempts
 * left is posted, each in its own money transaction that first claims the row (a second run, or another
 * instance, finds it posted).
 */
export async function postDueDeductions(
  fin: Finance,
  refresh: RefreshNote,
  now = new Date(),
): Promise<{ posted: number; waiting: number; failed: number }> {
  const candidates = await fin.db
    .select({ id: riskViolation.id, tenantId: riskViolation.tenantId })
    .from(riskViolation)
    .where(
      or(
        and(eq(riskViolation.deductionState, 'notice'), lte(riskViolation.appealDeadline, now)),
        eq(riskViolation.deductionState, 'due'),
        and(
          eq(riskViolation.deductionState, 'failed'),
          lt(riskViolation.deductionAttempts, MAX_DEDUCTION_ATTEMPTS),
        ),
      ),
    )
    .orderBy(asc(riskViolation.appealDeadline));
  const out = { posted: 0, waiting: 0, failed: 0 };
  for (const c of candidates) {
    const stored = await moneyTx(fin.db, (tx) =>
      changeViolation(tx, c.tenantId, c.id, refresh, async (v) =>
        postable(v, now) ? postLocked(tx, fin, SYSTEM_ACTOR(v.tenantId), v) : null,
      ),
    );
    const state = stored?.deductionState;
    if (state === 'posted') out.posted++;
    else if (state === 'due') out.waiting++;
    else if (state === 'failed') out.failed++;
  }
  return out;
}

export function deductionJob(fin: () => Finance, refresh: RefreshNote): JobDefinition {
  return jsonOutcomeJob(
    {
      key: VIOLATION_DEDUCTION_JOB,
      title: '违规扣款入账',
      description:
        '申诉期满未申诉（或申诉被驳回）的违规扣款，从司机应付运费中扣款入账；扣款失败的按次数上限重试',
    },
    () => postDueDeductions(fin(), refresh),
  );
}
