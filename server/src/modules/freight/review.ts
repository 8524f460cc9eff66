import { REVIEW_STATE, reviewBody } from '@freight/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { emitFreightEvent, guardApproval } from './events.ts';
import { hyReviewLog } from './partySchema.ts';
import { pendingCountsChanged } from './pendingCounters.ts';

export interface Reviewable {
  /** e.g. '/hydriver/hyDriver' */
  path: string;
  /** Entity name in the review log. */
  entity: string;
  permission: string;
  table: PgTable;
  id: PgColumn;
  state: PgColumn;
  tenantId: PgColumn;
  /** Refuses an approval with a message (e.g. a certificate already lapsed), inside the review's transaction. */
  beforeApprove?: (tx: DbOrTx, id: string) => Promise<void>;
  /** Checks with an outside party before an approval (outside the transaction: it may be slow); throws to refuse. */
  prepareApprove?: (id: string, tenantId: number) => Promise<void>;
}

export const REVIEW_MSG = {
  notPending: '只有待审核的记录可以审核',
  noResubmit: '该记录无需重新提交',
  notFound: '未找到对应数据',
} as const;

/** One row of the review timeline: who moved the record from which state to which, when and why. */
export async function recordTransition(
  tx: DbOrTx,
  entity: string,
  id: string,
  from: number,
  to: number,
  operator: string,
  reason?: string,
): Promise<void> {
  await tx.insert(hyReviewLog).values({
    entity,
    entityId: id,
    fromState: from,
    toState: to,
    reason: reason ?? null,
    operator,
  });
}

/**
 * The review state machine of domain.md on one party table: 1 → 2 approve, 1 → 3 reject (reason),
 * 0/3/4 → 1 resubmit; any other move is refused. The current state is read with `for update` in the same
 * transaction as the change and its log row, so two reviewers cannot both decide one record.
 */
export function registerReview(app: FastifyInstance, ctx: AppContext, item: Reviewable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stateKey = Object.entries(item.table).find(([, col]) => col === item.state)?.[0] ?? 'state';

  async function loadForUpdate(tx: DbOrTx, id: string, tenantId: number): Promise<number> {
    const rows = await tx
      .select({ state: item.state })
      .from(item.table)
      .where(and(eq(item.id, id), eq(item.tenantId, tenantId)))
      .for('update');
    if (!rows[0]) throw recordNotFound();
    return Number(rows[0].state);
  }

  r.post(
    `${item.path}/review`,
    permitted(`${item.permission}:review`, { body: reviewBody }),
    async (request) => {
      const session = sessionOf(request);
      const { id, state, reason, override, overrideReason } = request.body;
      let notes: string[] = [];
      if (state === REVIEW_STATE.approved) {
        // Only a pending record is checked: anything else is refused below without asking anyone.
        const [row] = await ctx.db
          .select({ state: item.state })
          .from(item.table)
          .where(and(eq(item.id, id), eq(item.tenantId, session.tenantId)));
        if (!row) throw recordNotFound();
        if (Number(row.state) === REVIEW_STATE.pending) {
          if (item.prepareApprove) await item.prepareApprove(id, session.tenantId);
          // Identity and certificate checks (compliance): refused while a required one failed or is missing.
          notes = await guardApproval(ctx.db, {
            entity: item.entity,
            id,
            tenantId: session.tenantId,
            operator: session.user.username,
            userId: session.user.id,
            override,
            overrideReason,
          });
        }
      }
      await ctx.db.transaction(async (tx) => {
        const from = await loadForUpdate(tx, id, session.tenantId);
        if (from !== REVIEW_STATE.pending) throw bizError(REVIEW_MSG.notPending);
        if (state === REVIEW_STATE.approved && item.beforeApprove) await item.beforeApprove(tx, id);
        await tx
          .update(item.table)
          .set({
            [stateKey]: state,
            rejectReason: state === REVIEW_STATE.rejected ? reason : null,
            reviewedBy: session.user.username,
            reviewedAt: new Date(),
          })
          .where(eq(item.id, id));
        await recordTransition(
          tx,
          item.entity,
          id,
          from,
          state,
          session.user.username,
          [reason, ...notes].filter(Boolean).join('；').slice(0, 255) || undefined,
        );
        if (state === REVIEW_STATE.approved)
          await emitFreightEvent(ctx.db, tx, {
            kind: 'partyApproved',
            entity: item.entity,
            id,
            tenantId: session.tenantId,
          });
      });
      tablesWritten(ctx.db, item.table);
      await pendingCountsChanged(ctx);
      return okMessage(state === REVIEW_STATE.approved ? '审核通过' : '已驳回');
    },
  );

  r.post(
    `${item.path}/submit`,
    permitted(`${item.permission}:edit`, { body: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      await ctx.db.transaction(async (tx) => {
        const from = await loadForUpdate(tx, request.body.id, session.tenantId);
        if (from === REVIEW_STATE.pending || from === REVIEW_STATE.approved)
          throw bizError(REVIEW_MSG.noResubmit);
        await tx
          .update(item.table)
          .set({ [stateKey]: REVIEW_STATE.pending })
          .where(eq(item.id, request.body.id));
        await recordTransition(
          tx,
          item.entity,
          request.body.id,
          from,
          REVIEW_STATE.pending,
          session.user.username,
          '提交审核',
        );
      });
      tablesWritten(ctx.db, item.table);
      await pendingCountsChanged(ctx);
      return okMessage('已提交审核');
    },
  );

  r.get(
    `${item.path}/reviewLog`,
    permitted(`${item.permission}:list`, { querystring: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      // The timeline of a record of another tenant is as unknown as the record.
      const [owned] = await ctx.db
        .select({ id: item.id })
        .from(item.table)
        .where(and(eq(item.id, request.query.id), eq(item.tenantId, session.tenantId)));
      if (!owned) throw recordNotFound();
      return ok(
        await ctx.db
          .select()
          .from(hyReviewLog)
          .where(and(eq(hyReviewLog.entity, item.entity), eq(hyReviewLog.entityId, request.query.id)))
          .orderBy(asc(hyReviewLog.createTime), asc(hyReviewLog.id)),
      );
    },
  );
}

/**
 * Editing a rejected or expired record sends it back to review (domain.md: "an update re-enters 1"); a new
 * record starts pending. The transition is logged like any review step.
 */
export function reviewOnWrite(
  entity: string,
  table: PgTable,
  idColumn: PgColumn,
  stateColumn: PgColumn,
  tenantColumn: PgColumn,
) {
  return async (
    values: Record<string, unknown>,
    mode: 'add' | 'edit',
    request: FastifyRequest,
    tx: DbOrTx,
  ): Promise<Record<string, unknown>> => {
    const { state: _ignored, ...rest } = values;
    if (mode === 'add') return { ...rest, state: REVIEW_STATE.pending };
    const [row] = await tx
      .select({ state: stateColumn })
      .from(table)
      .where(and(eq(idColumn, String(values.id)), eq(tenantColumn, request.session?.tenantId ?? 0)));
    const from = Number(row?.state);
    if (from === REVIEW_STATE.rejected || from === REVIEW_STATE.expired) {
      await recordTransition(
        tx,
        entity,
        String(values.id),
        from,
        REVIEW_STATE.pending,
        request.session?.user.username ?? 'system',
        '修改后重新提交',
      );
      return { ...rest, state: REVIEW_STATE.pending, rejectReason: null };
    }
    return rest;
  };
}
