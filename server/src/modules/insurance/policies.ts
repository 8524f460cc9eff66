import {
  ADJUST_KIND,
  DEFAULT_RATE_CARGO,
  formatFen,
  type InsureBody,
  POLICY_STATE,
  partyScopeOf,
  premiumOf,
  SHIPPING_STATUS,
} from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import {
  type FinActor,
  type Finance,
  keyedRequest,
  moneyTx,
  once,
  postPremium,
  refundPremium,
  submitAdjustment,
} from '../finance/index.ts';
import { type Actor, addNoteHistory, lockNotes, type NoteRow } from '../freight/index.ts';
import type { InsurerAdapter } from './insurer.ts';
import { insPolicy, insRate } from './schema.ts';

// 货运险: a waybill is insured before loading (dispatched or accepted) at the rate of its cargo
// class; the insurer is asked, the premium posted and the policy written in one money transaction under the
// request's idempotency key. A cancellation before loading — asked for, or the waybill's own cancellation —
// refunds the premium by the reverse posting. A claim is a 货损理赔 adjustment of the waybill (调账理赔).

export type PolicyRow = typeof insPolicy.$inferSelect;

export interface InsuranceDeps {
  fin: Finance;
  insurer: InsurerAdapter;
}

const BEFORE_LOADING: number[] = [SHIPPING_STATUS.dispatched, SHIPPING_STATUS.accepted];
const yuan = (fen: number) => `${formatFen(fen)}元`;

/** The party a user is limited to: a shipper's user acts on its own waybills only. */
const customerScope = (actor: Actor) =>
  partyScopeOf(actor.userType) === 'customer' ? (actor.cid ?? '') : undefined;

function refuseParty(actor: Actor): void {
  const party = partyScopeOf(actor.userType);
  if (party && party !== 'customer') throw bizError('只有平台人员和货主可以办理货运险');
}

/** The enabled rate of a cargo class, else of 其他 (1900). */
export async function rateFor(db: DbOrTx, tenantId: number, cargoType: string) {
  const rows = await db
    .select()
    .from(insRate)
    .where(
      ofTenant(
        insRate,
        tenantId,
        eq(insRate.enabled, true),
        inArray(insRate.cargoType, [cargoType, DEFAULT_RATE_CARGO]),
      ),
    );
  const rate =
    rows.find((r) => r.cargoType === cargoType) ?? rows.find((r) => r.cargoType === DEFAULT_RATE_CARGO);
  if (!rate) throw bizError('未配置货运险费率，请先在“保险费率”中设置');
  return rate;
}

async function activePolicy(tx: DbOrTx, noteId: string): Promise<PolicyRow | undefined> {
  const [row] = await tx
    .select()
    .from(insPolicy)
    .where(and(eq(insPolicy.noteId, noteId), eq(insPolicy.state, POLICY_STATE.insured)))
    .for('update');
  return row;
}

const finActor = (actor: Actor): FinActor => ({
  username: actor.username,
  userId: null,
  userType: actor.userType,
  cid: actor.cid,
  tenantId: actor.tenantId,
});

/** Insures a waybill before loading: insurer, premium posting and policy in one transaction, once per key. */
export async function insure(deps: InsuranceDeps, actor: Actor, body: InsureBody): Promise<PolicyRow> {
  refuseParty(actor);
  const answer = await moneyTx(deps.fin.db, (tx) =>
    once(tx, keyedRequest(actor, 'insure', body), async () => {
      const [note] = await lockNotes(tx, actor.tenantId, [body.noteId], customerScope(actor));
      if (!note) throw recordNotFound();
      if (!BEFORE_LOADING.includes(note.status))
        throw bizError('货运险须在装货前投保（运单已派车或已接单时）');
      if (await activePolicy(tx, note.id)) throw bizError(`运单${note.shippingNoteNumber}已投保`);
      const cargoType = body.cargoType || note.cargoType || DEFAULT_RATE_CARGO;
      const rate = await rateFor(tx, actor.tenantId, cargoType);
      const premiumFen = premiumOf(body.insuredValueFen, rate.rateBp, rate.minPremiumFen);
      const { policyNo } = await deps.insurer.insure({
        requestId: body.idempotencyKey,
        shippingNoteNumber: note.shippingNoteNumber,
        cargoType,
        goodsName: note.goodsName,
        insuredValueFen: body.insuredValueFen,
        premiumFen,
        route: `${note.loadCity}-${note.unloadCity}`,
      });
      const postingId = await postPremium(deps.fin, tx, {
        tenantId: actor.tenantId,
        operator: actor.username,
        customerId: note.customerId,
        customerName: note.customerName,
        noteId: note.id,
        shippingNoteNumber: note.shippingNoteNumber,
        premiumFen,
        policyNo,
      });
      const [row] = await tx
        .insert(insPolicy)
        .values({
          tenantId: actor.tenantId,
          policyNo,
          insurerCode: deps.insurer.code,
          insurerRequestId: body.idempotencyKey,
          noteId: note.id,
          shippingNoteNumber: note.shippingNoteNumber,
          customerId: note.customerId,
          customerName: note.customerName,
          cargoType,
          goodsName: note.goodsName,
          insuredValueFen: body.insuredValueFen,
          rateBp: rate.rateBp,
          premiumFen,
          premiumPostingId: postingId,
          createBy: actor.username,
        })
        .returning();
      await addNoteHistory(
        tx,
        [
          {
            note,
            action: 'insure',
            remark: `投保货运险，保单号${policyNo}，保额${yuan(body.insuredValueFen)}，保费${yuan(premiumFen)}`,
            data: { policyNo, insurerCode: deps.insurer.code },
          },
        ],
        actor.username,
      );
      return row;
    }),
  );
  return answer.value;
}

/** Cancels a locked note's policy and refunds its premium, inside the caller's transaction. */
async function cancelIn(
  deps: InsuranceDeps,
  tx: DbOrTx,
  note: NoteRow,
  policy: PolicyRow,
  reason: string,
  operator: string,
): Promise<PolicyRow> {
  await deps.insurer.cancel({ policyNo: policy.policyNo, requestId: policy.insurerRequestId });
  const refundPostingId = await refundPremium(deps.fin, tx, {
    tenantId: policy.tenantId,
    operator,
    customerId: policy.customerId,
    customerName: policy.customerName,
    noteId: policy.noteId,
    shippingNoteNumber: policy.shippingNoteNumber,
    premiumFen: policy.premiumFen,
    policyNo: policy.policyNo,
  });
  const [row] = await tx
    .update(insPolicy)
    .set({
      state: POLICY_STATE.cancelled,
      cancelTime: new Date(),
      cancelReason: reason,
      refundPostingId,
      updateBy: operator,
      updateTime: new Date(),
    })
    .where(eq(insPolicy.id, policy.id))
    .returning();
  await addNoteHistory(
    tx,
    [
      {
        note,
        action: 'insureCancel',
        remark: `货运险退保，保单号${policy.policyNo}，退还保费${yuan(policy.premiumFen)}：${reason}`,
        data: { policyNo: policy.policyNo },
      },
    ],
    operator,
  );
  return row;
}

/** Cancels a policy before loading, refunding the premium (the reverse posting), once per key. */
export async function cancelPolicy(
  deps: InsuranceDeps,
  actor: Actor,
  body: { id: string; reason: string; idempotencyKey: string },
): Promise<PolicyRow> {
  refuseParty(actor);
  const answer = await moneyTx(deps.fin.db, (tx) =>
    once(tx, keyedRequest(actor, 'insureCancel', body), async () => {
      const [found] = await tx
        .select({ noteId: insPolicy.noteId })
        .from(insPolicy)
        .where(and(eq(insPolicy.id, body.id), eq(insPolicy.tenantId, actor.tenantId)));
      if (!found) throw recordNotFound();
      const [note] = await lockNotes(tx, actor.tenantId, [found.noteId], customerScope(actor));
      if (!note) throw recordNotFound();
      const [policy] = await tx.select().from(insPolicy).where(eq(insPolicy.id, body.id)).for('update');
      if (policy.state !== POLICY_STATE.insured) throw bizError('保单已退保');
      if (!BEFORE_LOADING.includes(note.status) && note.status !== SHIPPING_STATUS.cancelled)
        throw bizError('货物已装车，不能退保；出险请报案理赔');
      return cancelIn(deps, tx, note, policy, body.reason, actor.username);
    }),
  );
  return answer.value;
}

/** A waybill cancelled (or refused, voided) before loading: its policy is cancelled and refunded with it. */
export async function cancelWithNote(
  deps: InsuranceDeps,
  tx: DbOrTx,
  note: NoteRow,
  before: NoteRow | null,
  operator: string,
): Promise<void> {
  if (before && !BEFORE_LOADING.includes(before.status)) return;
  const policy = await activePolicy(tx, note.id);
  if (!policy) return;
  await cancelIn(deps, tx, note, policy, '运单取消，自动退保', operator);
}

/** Reports a claim on a policy: a 货损理赔 adjustment of its waybill, linked on the policy. */
export async function claimPolicy(
  deps: InsuranceDeps,
  actor: Actor,
  body: { id: string; amountFen: number; reason: string; idempotencyKey: string },
): Promise<PolicyRow> {
  const [policy] = await deps.fin.db
    .select()
    .from(insPolicy)
    .where(and(eq(insPolicy.id, body.id), eq(insPolicy.tenantId, actor.tenantId)));
  if (!policy) throw recordNotFound();
  if (policy.state !== POLICY_STATE.insured) throw bizError('保单已退保，不能理赔');
  if (policy.claimAdjustNo) throw bizError(`该保单已报案理赔（${policy.claimAdjustNo}）`);
  if (body.amountFen > policy.insuredValueFen)
    throw bizError(`理赔金额不能超过保额${yuan(policy.insuredValueFen)}`);
  const adjustment = await submitAdjustment(deps.fin, finActor(actor), {
    noteId: policy.noteId,
    kind: ADJUST_KIND.claim,
    amountFen: body.amountFen,
    direction: 1,
    reason: `货运险${policy.policyNo}理赔：${body.reason}`,
    idempotencyKey: body.idempotencyKey,
  });
  const [row] = await deps.fin.db
    .update(insPolicy)
    .set({
      claimAdjustNo: adjustment.adjustNo,
      claimFen: body.amountFen,
      updateBy: actor.username,
      updateTime: new Date(),
    })
    .where(eq(insPolicy.id, policy.id))
    .returning();
  return row;
}

/** The regulator's insurance information of a waybill: its policy in force. */
export async function policyOfNote(db: DbOrTx, noteId: string) {
  const [row] = await db
    .select({ policyNumber: insPolicy.policyNo, companyCode: insPolicy.insurerCode })
    .from(insPolicy)
    .where(and(eq(insPolicy.noteId, noteId), eq(insPolicy.state, POLICY_STATE.insured)));
  return row ?? null;
}
