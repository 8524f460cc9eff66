import {
  bankPaymentResource,
  costResource,
  type FieldDecls,
  LEDGER_TYPE,
  PAYOUT_KIND,
  PAYOUT_KIND_OF,
  PLATFORM_ACCOUNT,
  payBody,
  paylistResource,
  payoutRejectBody,
  payoutResource,
  payoutStepBody,
  payoutSubmitBody,
  prepayBody,
  type ResourceDecl,
  USER_TYPE,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, asc, between, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import { type AppContext, countsFor } from '../../platform/context.ts';
import { childRows } from '../../platform/db/childRows.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { findTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import {
  type Binding,
  bindResource,
  type ColumnsCheck,
  resourceDefOf,
} from '../../platform/resource/bindResource.ts';
import { type ResourceHandle, registerResource } from '../../platform/resource/defineResource.ts';
import { hyShippingNote, lockNotes } from '../freight/index.ts';
import { lockSettlements } from './accounts.ts';
import { finActorOf, financeAction, idQuery, noteMoneyRoute, ownMessage } from './actionRoutes.ts';
import { resolvePayments, sendPayments } from './bankPayments.ts';
import type { FinActor, Finance } from './context.ts';
import { planPayout, planTotal, type Shares } from './payoutPlan.ts';
import { pendingPaymentsOf, rejectPayout, submitPayout, takePayoutStep } from './payouts.ts';
import { creditNotice } from './recharge.ts';
import {
  finAdjustment,
  finApprovalLimit,
  finBankPayment,
  finLedgerLine,
  finNoteSettlement,
  finPayout,
  finPayoutLog,
  finPayoutNote,
} from './schema.ts';

type Row = Record<string, unknown>;
const n = hyShippingNote;

/** Advance payments due (the `dianfuZq` counter and 待付款 `?state=1`): prepayments or advances asked, not paid. */
export function advanceDue(): SQL {
  return or(
    and(eq(n.payStatus, 0), gt(n.prepayFen, 0), between(n.status, 2, 6)),
    sql`exists (select 1 from ${finPayoutNote} where ${finPayoutNote.noteId} = ${n.id} and ${finPayoutNote.open} and ${finPayoutNote.kind} in (${PAYOUT_KIND.prepay}, ${PAYOUT_KIND.advance}))`,
  ) as SQL;
}

/** Everything the platform must still pay out: audited notes still to pay, and advance payments due. */
function toPay(): SQL {
  return or(and(eq(n.status, 6), inArray(n.payStatus, [0, 1, 5])), advanceDue()) as SQL;
}

/** A declaration bound to its table inside a fixed server condition (a view that is not column equalities). */
function bindWhere<const F extends FieldDecls, T extends PgTable>(
  app: FastifyInstance,
  ctx: AppContext,
  decl: ResourceDecl<F>,
  table: ColumnsCheck<F, T>,
  binding: Binding,
  where: SQL,
): ResourceHandle {
  const def = resourceDefOf(decl as unknown as ResourceDecl, table as PgTable, binding, ctx);
  return registerResource(app, ctx, { ...def, viewWhere: where });
}

/** A rejected transaction must not leave its locks' inserts behind: the preview always rolls back. */
class Preview extends Error {
  constructor(readonly value: unknown) {
    super('preview');
  }
}

export function payRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A shipper's user acts on its own customer's notes only.
  const customerOnly = (actor: FinActor) =>
    actor.userType === USER_TYPE.customer || actor.userType === USER_TYPE.customerAdmin
      ? (actor.cid ?? '')
      : undefined;

  /** Sends a payout's bank payments after its transaction committed (a replay sends what is still pending). */
  const dispatch = async (payoutId: string) => {
    await sendPayments(fin, await pendingPaymentsOf(fin, payoutId));
  };

  // ---- the waybill lists' actions (支付运单, 预付运单, 垫付运单) ---------------------------------------------
  const actions = [
    ['pay', 'shipping:pay:pay', payBody],
    ['prepay', 'shipping:prepay:pay', prepayBody],
    ['advance', 'shipping:advance:pay', payBody],
  ] as const;
  for (const [kind, code, body] of actions)
    financeAction(
      app,
      `/shipping/hyShippingNote/${kind}`,
      code,
      body,
      async (actor, input) => {
        const answer = await submitPayout(fin, actor, {
          kind: PAYOUT_KIND_OF[kind],
          ids: input.ids,
          idempotencyKey: input.idempotencyKey,
          shares: kind === 'prepay' && 'shares' in input ? input.shares : undefined,
          remark: input.remark,
          proceed: true,
          customerId: customerOnly(actor),
        });
        await dispatch(answer.payoutId);
        return answer;
      },
      ownMessage,
    );

  /** What the confirm dialog shows: totals and the fee split, or the refusal — nothing is written. */
  r.post(
    '/plateform/payout/preview',
    {
      config: { access: perm('finance:paylist:list') },
      schema: { body: payoutSubmitBody.omit({ idempotencyKey: true }) },
    },
    async (request) => {
      const actor = finActorOf(request);
      const { kind, ids, shares } = request.body;
      try {
        await db.transaction(async (tx) => {
          const notes = await lockNotes(tx, actor.tenantId, ids, customerOnly(actor));
          if (notes.length !== ids.length) throw recordNotFound();
          const settlements = await lockSettlements(tx, notes);
          const plans = await planPayout(
            tx,
            actor.tenantId,
            PAYOUT_KIND_OF[kind],
            notes,
            settlements,
            (shares ?? ['cash', 'card']) as Shares,
          );
          const sum = (f: (p: (typeof plans)[number]) => number) => plans.reduce((t, p) => t + f(p), 0);
          throw new Preview({
            payable: true,
            noteCount: plans.length,
            cashFen: planTotal(plans),
            driverCashFen: sum((p) => p.driverCash),
            agentCashFen: sum((p) => p.agentCash),
            cardShareFen: sum((p) => p.cardShare),
            customerFeeFen: sum((p) => p.note.customerFee),
            driverFeeFen: sum((p) => p.note.driverFee),
            serviceFeeFen: sum((p) => p.note.serviceFee),
            agentFeeFen: sum((p) => p.note.agentFee),
            chargeFen: sum((p) => (p.chargeFirst ? p.note.customerFee : 0)),
          });
        });
      } catch (error) {
        if (error instanceof Preview) return ok(error.value);
        if (error instanceof Error && error.name === 'AppError')
          return ok({ payable: false, message: error.message });
        throw error;
      }
      return ok(null);
    },
  );

  // ---- 付款审批 --------------------------------------------------------------------------------------------
  financeAction(
    app,
    '/plateform/payout/submit',
    'finance:payout:submit',
    payoutSubmitBody,
    (actor, input) =>
      submitPayout(fin, actor, {
        kind: PAYOUT_KIND_OF[input.kind],
        ids: input.ids,
        idempotencyKey: input.idempotencyKey,
        shares: input.shares as Shares | undefined,
        remark: input.remark,
        proceed: false,
      }),
    ownMessage,
  );
  for (const step of ['review', 'execute'] as const)
    financeAction(
      app,
      `/plateform/payout/${step}`,
      `finance:payout:${step}`,
      payoutStepBody,
      async (actor, input) => {
        const answer = await takePayoutStep(fin, actor, step, input.id, input.remark);
        if (step === 'execute') await dispatch(answer.payoutId);
        return answer;
      },
      ownMessage,
    );
  financeAction(
    app,
    '/plateform/payout/reject',
    'finance:payout:list',
    payoutRejectBody,
    (actor, input) => rejectPayout(fin, actor, input.id, input.reason),
    ownMessage,
  );
  bindResource(app, ctx, payoutResource, finPayout);
  r.get(
    '/plateform/payout/detail',
    {
      config: { access: perm('finance:payout:list') },
      schema: { querystring: idQuery },
    },
    async (request) => {
      const actor = finActorOf(request);
      const payout = await findTenantRow(db, finPayout, actor.tenantId, eq(finPayout.id, request.query.id));
      if (!payout) throw recordNotFound();
      const [notes, log, payments] = await Promise.all([
        db.select().from(finPayoutNote).where(eq(finPayoutNote.payoutId, payout.id)),
        childRows(db, finPayoutLog, finPayoutLog.payoutId, payout.id, finPayoutLog.createTime),
        db.select().from(finBankPayment).where(eq(finBankPayment.payoutId, payout.id)),
      ]);
      return ok({ payout, notes, log, payments });
    },
  );
  r.get('/plateform/payout/limits', { config: { access: perm('finance:payout:list') } }, async () =>
    ok(await db.select().from(finApprovalLimit).orderBy(asc(finApprovalLimit.roleCode))),
  );
  r.post(
    '/plateform/payout/limits',
    {
      config: { access: perm('finance:payout:limit') },
      schema: {
        body: z.object({
          roleCode: z.string().min(1).max(100),
          step: z.enum(['submit', 'review', 'execute']),
          maxFen: z.number().int().min(0).max(100_000_000_000).nullable(),
        }),
      },
    },
    async (request) => {
      const { roleCode, step, maxFen } = request.body;
      const actor = finActorOf(request);
      if (maxFen === null)
        await db
          .delete(finApprovalLimit)
          .where(and(eq(finApprovalLimit.roleCode, roleCode), eq(finApprovalLimit.step, step)));
      else
        await db
          .insert(finApprovalLimit)
          .values({ roleCode, step, maxFen, updateBy: actor.username })
          .onConflictDoUpdate({
            target: [finApprovalLimit.roleCode, finApprovalLimit.step],
            set: { maxFen, updateBy: actor.username, updateTime: new Date() },
          });
      return ok(null, '审批额度已保存');
    },
  );
  bindResource(app, ctx, bankPaymentResource, finBankPayment);

  // ---- the bank's callback (signed; no session) --------------------------------------------------------
  r.post('/finance/bank/callback', { config: { access: 'public', audit: false } }, async (request) =>
    ok(await handleCallback(fin, request.body), '回调已处理'),
  );

  // ---- 待付款 and 平台费用 -------------------------------------------------------------------------------
  // Both lists are fixed conditions that are not column equalities (the engine's views are): bound through
  // the engine's definition with the condition as the view.
  bindWhere(
    app,
    ctx,
    paylistResource,
    hyShippingNote,
    {
      dataRuleComponent: 'plateform/cost/PayList',
      filters: { state: (value) => (value === '1' ? advanceDue() : undefined) },
    },
    toPay(),
  );
  const costs = bindWhere(
    app,
    ctx,
    costResource,
    finLedgerLine,
    {},
    or(
      and(
        eq(finLedgerLine.ownerType, WALLET_OWNER.platform),
        eq(finLedgerLine.ownerId, PLATFORM_ACCOUNT.serviceFee),
      ),
      and(
        eq(finLedgerLine.ownerType, WALLET_OWNER.agent),
        eq(finLedgerLine.type, LEDGER_TYPE.agentFee),
        gt(finLedgerLine.amountFen, 0),
      ),
    ) as SQL,
  );
  r.get('/plateform/cost/totals', { config: { access: perm('finance:cost:list') } }, async (request) => {
    const where = await costs.whereFor(request, request.query as Record<string, unknown>);
    const [row] = await db
      .select({
        serviceFeeFen: sql<string>`coalesce(sum(${finLedgerLine.amountFen}) filter (where ${finLedgerLine.ownerType} = ${WALLET_OWNER.platform}), 0)`,
        agentFeeFen: sql<string>`coalesce(sum(${finLedgerLine.amountFen}) filter (where ${finLedgerLine.ownerType} = ${WALLET_OWNER.agent}), 0)`,
        lines: sql<number>`count(*)::int`,
      })
      .from(finLedgerLine)
      .where(where);
    const service = Number(row?.serviceFeeFen ?? 0);
    const agent = Number(row?.agentFeeFen ?? 0);
    return ok({
      serviceFeeFen: service,
      agentFeeFen: agent,
      totalFen: service + agent,
      lines: Number(row?.lines ?? 0),
    });
  });

  // ---- a waybill's money (detail drawer): settlement, payments, adjustments, ledger lines ----------------
  noteMoneyRoute(app, '/shipping/hyShippingNote/money', async (actor, id) => {
    const [note] = await idsWhere(db, n, ofTenant(n, actor.tenantId, eq(n.id, id)));
    if (!note) throw recordNotFound();
    const [settlement, payments, adjustments, lines] = await Promise.all([
      db.select().from(finNoteSettlement).where(eq(finNoteSettlement.noteId, note.id)),
      childRows(db, finBankPayment, finBankPayment.noteId, note.id, finBankPayment.createTime),
      childRows(db, finAdjustment, finAdjustment.noteId, note.id, finAdjustment.createTime),
      db
        .select()
        .from(finLedgerLine)
        .where(eq(finLedgerLine.noteId, note.id))
        .orderBy(asc(finLedgerLine.createTime), asc(finLedgerLine.id)),
    ]);
    return { settlement: settlement[0] ?? null, payments, adjustments, lines };
  });

  // The 垫付到期 counter equals 待付款?state=1 (same condition, same tenant).
  const partyColumn = { customer: n.customerId, agent: n.agentId, captain: n.captainId } as const;
  ctx.counters.push(async (scope) => {
    const { tenantId, party, partyId } = scope;
    // Counted for those who may open the pay list it links to (a shipper's or a captain's bell would lead to a
    // refused page); a party user counts the notes of its own party only (as the header's other counters).
    if (!countsFor(scope, `${paylistResource.permission}:list`)) return { dianfuZq: 0 };
    const own = party ? eq(partyColumn[party], partyId ?? '') : undefined;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(n)
      .where(ofTenant(n, tenantId, own, advanceDue()));
    return { dianfuZq: Number(row?.count ?? 0) };
  });
}

/**
 * A bank callback: refused when the signature does not hold; each notice is booked once — a notice for a
 * payment we never sent, or one already booked, changes nothing and is reported.
 */
export async function handleCallback(fin: Finance, body: unknown): Promise<Row> {
  const notices = fin.bank.verifyCallback(body);
  if (!notices) throw bizError('回调签名校验失败', 401);
  const payments = notices.filter((x) => x.kind === 'payment');
  const recharges = notices.filter((x) => x.kind === 'recharge');
  const resolution = payments.length
    ? await resolvePayments(
        fin,
        payments.map(({ kind: _kind, time: _time, ...outcome }) => outcome),
      )
    : { resolved: 0, duplicates: [], unknown: [] };
  const credited: string[] = [];
  const refused: string[] = [];
  for (const notice of recharges) {
    try {
      credited.push(await creditNotice(fin, notice));
    } catch (error) {
      refused.push(error instanceof Error ? error.message : String(error));
    }
  }
  const problems = [
    ...resolution.unknown.map((no) => `未找到付款请求${no}`),
    ...resolution.duplicates.map((no) => `付款请求${no}已处理（重复回调）`),
    ...refused,
  ];
  if (problems.length && resolution.resolved === 0 && credited.length === 0)
    throw bizError(problems.join('；'));
  return { resolved: resolution.resolved, credited: credited.length, problems };
}
