import {
  formatFen,
  PENDING_DEDUCTION_STATES,
  RISK_SEVERITY,
  type RiskHandleBody,
  type RiskSeverity,
  riskRuleName,
  riskScore,
  UNRESOLVED_WARNING_STATES,
  USER_TYPE,
} from '@freight/contracts';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { hyDriver, hyShippingNote, hyVehicle, type NoteRow } from '../freight/index.ts';
import { activeUsersHolding, sysAnnouncement, sysUser } from '../system/index.ts';
import { noticeDeduction, proposeDeduction } from './deductions.ts';
import { riskNote, riskViolation, riskWarning } from './schema.ts';

// Warnings: raised once per note, rule and occurrence; each refreshes the waybill's risk summary and its
// risk status (1 holds pay while a blocking warning is unresolved), and goes to the bell of the platform staff
// who hold the warning permission. Handling closes it once: confirm (a violation is recorded), dismiss, or
// escalate (still unresolved until confirmed or dismissed).

export const WARNING_PERMISSION = 'risk:warning:list';

export interface Finding {
  rule: string;
  severity: RiskSeverity;
  message: string;
  /** The occurrence: the same key on the same note and rule never raises a second warning. */
  key: string;
  evidence?: Record<string, unknown>;
}

type Push = (userIds: string[], text: string) => void;
const pushers = new WeakMap<object, Push>();

/** How new warnings reach the bell of an app (set by the module; tests and jobs share it through the db). */
export function setWarningPush(db: object, push: Push): void {
  pushers.set(db, push);
}

/** Writes the findings of one note as warnings (new occurrences only); returns the warnings raised. */
export async function raiseWarnings(
  db: object,
  tx: DbOrTx,
  note: NoteRow,
  findings: Finding[],
  source: string,
  operator: string,
): Promise<Array<typeof riskWarning.$inferSelect>> {
  if (findings.length === 0) return [];
  const raised = await tx
    .insert(riskWarning)
    .values(
      findings.map((f) => ({
        tenantId: note.tenantId,
        noteId: note.id,
        shippingNoteNumber: note.shippingNoteNumber,
        ruleType: f.rule,
        severity: f.severity,
        message: f.message.slice(0, 500),
        dedupeKey: f.key.slice(0, 100),
        customerId: note.customerId,
        customerName: note.customerName,
        driverId: note.driverId,
        driverName: note.driverName,
        vehicleId: note.vehicleId,
        plateNo: note.plateNo,
        source,
        evidence: f.evidence ?? null,
        createBy: operator,
      })),
    )
    .onConflictDoNothing()
    .returning();
  if (raised.length === 0) return raised;
  await refreshNote(tx, note.id);
  // Re-judging past steps (the demo's history) is a backfill: listed on 预警消息, not announced as news.
  if (source === 'rejudge') return raised;
  const staff = await activeUsersHolding(tx, WARNING_PERMISSION, eq(sysUser.userType, USER_TYPE.system));
  if (staff.length) {
    const first = raised[0];
    const title =
      raised.length === 1
        ? `风控预警：运单${note.shippingNoteNumber}${riskRuleName(first.ruleType)}`
        : `风控预警：运单${note.shippingNoteNumber}触发${raised.length}条规则`;
    await tx.insert(sysAnnouncement).values({
      titile: title,
      msgContent: raised.map((w) => `<p>${escapeHtml(w.message)}</p>`).join(''),
      msgAbstract: raised.map((w) => riskRuleName(w.ruleType)).join('、'),
      sender: '系统',
      priority: raised.some((w) => w.severity === RISK_SEVERITY.block) ? 'H' : 'M',
      msgCategory: '2',
      msgType: 'USER',
      userIds: staff.join(','),
      sendStatus: '1',
      sendTime: new Date(),
      busType: 'risk_warning',
      busId: first.id,
      openType: 'url',
      openPage: `/risk/warning?noteId=${note.id}`,
      tenantId: note.tenantId,
      createBy: 'system',
    });
    // The push is a hint to reload the bell; sent once the event's transaction had time to commit.
    const push = pushers.get(db);
    if (push) setTimeout(() => push(staff, title), 300).unref();
  }
  return raised;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rewrites the waybill's risk summary and its risk status from its warnings. */
export async function refreshNote(tx: DbOrTx, noteId: string): Promise<void> {
  const warnings = await tx.select().from(riskWarning).where(eq(riskWarning.noteId, noteId));
  const [note] = await tx.select().from(hyShippingNote).where(eq(hyShippingNote.id, noteId));
  if (!note) return;
  const unresolved = warnings.filter((w) =>
    (UNRESOLVED_WARNING_STATES as readonly string[]).includes(w.state),
  );
  // A pending deduction holds pay too: the freight it is taken from must still be there when it is posted.
  const pending = await countOf(
    tx,
    riskViolation,
    and(
      eq(riskViolation.noteId, noteId),
      inArray(riskViolation.deductionState, [...PENDING_DEDUCTION_STATES]),
    ),
  );
  const blocked = unresolved.some((w) => w.severity === RISK_SEVERITY.block) || pending > 0 ? 1 : 0;
  const rules = [...new Set(warnings.map((w) => riskRuleName(w.ruleType)))].join('、').slice(0, 300);
  const last = warnings.reduce<Date | null>((at, w) => (!at || w.createTime > at ? w.createTime : at), null);
  const summary = {
    tenantId: note.tenantId,
    noteId,
    shippingNoteNumber: note.shippingNoteNumber,
    plateNo: note.plateNo,
    driverName: note.driverName,
    customerName: note.customerName,
    riskStatus: blocked,
    openCount: unresolved.length,
    warningCount: warnings.length,
    score: riskScore(warnings),
    rules,
    lastWarnTime: last,
  };
  await tx
    .insert(riskNote)
    .values({ ...summary, createBy: 'system' })
    .onConflictDoUpdate({ target: riskNote.noteId, set: { ...summary, updateTime: new Date() } });
  if (note.riskStatus !== blocked)
    await tx.update(hyShippingNote).set({ riskStatus: blocked }).where(eq(hyShippingNote.id, noteId));
}

const CONSEQUENCE = '记入违规记录';

/** Handles a warning once: confirm (records the violation), dismiss, or escalate (then confirm or dismiss). */
export async function handleWarning(
  ctx: Pick<AppContext, 'db'>,
  actor: { username: string; tenantId: number },
  body: RiskHandleBody,
): Promise<typeof riskWarning.$inferSelect> {
  return ctx.db.transaction(async (tx) => {
    const [warning] = await tx
      .select()
      .from(riskWarning)
      .where(and(eq(riskWarning.id, body.id), eq(riskWarning.tenantId, actor.tenantId)))
      .for('update');
    if (!warning) throw recordNotFound();
    if (warning.state === 'confirmed' || warning.state === 'dismissed')
      throw bizError(`该预警已处理（${warning.state === 'confirmed' ? '已确认' : '已排除'}），不能重复处理`);
    if (warning.state === 'escalated' && body.action === 'escalate')
      throw bizError('该预警已上报，不能重复上报');
    const state =
      body.action === 'confirm' ? 'confirmed' : body.action === 'dismiss' ? 'dismissed' : 'escalated';
    const now = new Date();
    const [stored] = await tx
      .update(riskWarning)
      .set({
        state,
        handleBy: actor.username,
        handleReason: body.reason,
        handleTime: now,
        assignee: state === 'escalated' ? null : actor.username,
        updateBy: actor.username,
        updateTime: now,
      })
      .where(and(eq(riskWarning.id, warning.id), inArray(riskWarning.state, [...UNRESOLVED_WARNING_STATES])))
      .returning();
    if (!stored) throw bizError('该预警已处理，不能重复处理');
    // A deduction only under the carrier contract's clause: without one the whole handling is refused, saying why.
    const deduction = state === 'confirmed' && body.deduct ? await proposeDeduction(tx, warning) : null;
    const consequences =
      state === 'confirmed' ? await blacklistParties(tx, warning, body, actor.username) : [];
    if (deduction) consequences.push(`拟扣款${formatFen(deduction.deductionFen)}元`);
    if (state === 'confirmed') {
      const [violation] = await tx
        .insert(riskViolation)
        .values({
          tenantId: warning.tenantId,
          warningId: warning.id,
          noteId: warning.noteId,
          shippingNoteNumber: warning.shippingNoteNumber,
          ruleType: warning.ruleType,
          message: warning.message,
          customerName: warning.customerName,
          driverId: warning.driverId,
          driverName: warning.driverName,
          plateNo: warning.plateNo,
          consequence: [CONSEQUENCE, ...consequences].join('；').slice(0, 100),
          reason: body.reason,
          captainId: deduction?.captainId ?? null,
          deductionState: deduction ? 'notice' : null,
          deductionFen: deduction?.deductionFen ?? null,
          contractNo: deduction?.contractNo ?? null,
          penaltyPct: deduction?.penaltyPct ?? null,
          appealDeadline: deduction?.deadline ?? null,
          createBy: actor.username,
        })
        .returning();
      if (deduction) await noticeDeduction(tx, violation);
    }
    if (warning.noteId) await refreshNote(tx, warning.noteId);
    return stored;
  });
}

/** Puts the warning's driver and/or vehicle on the blacklist (dispatch refuses them from then on). */
async function blacklistParties(
  tx: DbOrTx,
  warning: typeof riskWarning.$inferSelect,
  body: RiskHandleBody,
  username: string,
): Promise<string[]> {
  const wanted = new Set(body.blacklist ?? []);
  if (wanted.size === 0) return [];
  const [note] = warning.noteId
    ? await tx
        .select({ driverId: hyShippingNote.driverId, vehicleId: hyShippingNote.vehicleId })
        .from(hyShippingNote)
        .where(eq(hyShippingNote.id, warning.noteId))
    : [];
  if (!note) throw bizError('该预警没有运单，无法列入黑名单(blacklist)');
  const reason = `风控违规：${riskRuleName(warning.ruleType)}（${body.reason}）`.slice(0, 255);
  const now = new Date();
  const out: string[] = [];
  // Each party the warning can list, with the name its message gives it; the driver before the vehicle.
  const parties = [
    { kind: 'driver', table: hyDriver, id: note.driverId, named: `司机${warning.driverName ?? ''}` },
    { kind: 'vehicle', table: hyVehicle, id: note.vehicleId, named: `车辆${warning.plateNo ?? ''}` },
  ] as const;
  for (const party of parties) {
    if (!wanted.has(party.kind)) continue;
    await tx
      .update(party.table)
      .set({ blacklisted: true, blacklistReason: reason, updateBy: username, updateTime: now })
      .where(and(eq(party.table.id, party.id), eq(party.table.tenantId, warning.tenantId)));
    out.push(`${party.named}列入黑名单`);
  }
  return out;
}

/** Unresolved blocking warnings of a note (used by tests and the list's evidence). */
export async function openBlockingCount(tx: DbOrTx, noteId: string): Promise<number> {
  return countOf(
    tx,
    riskWarning,
    and(
      eq(riskWarning.noteId, noteId),
      eq(riskWarning.severity, RISK_SEVERITY.block),
      inArray(riskWarning.state, [...UNRESOLVED_WARNING_STATES]),
    ),
  );
}

/** How many rows of a table meet the condition. */
async function countOf(tx: DbOrTx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(table).where(where);
  return row?.n ?? 0;
}
