import { REVIEW_STATE, reviewBody } from '@freight/contracts';
import { and, asc, eq, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { hyReviewLog } from './partySchema.ts';

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
}

/** Pending-review transitions (domain.md): 1 → 2 approve, 1 → 3 reject (reason); 0/3/4 → 1 resubmit. */
export async function recordTransition(
  tx: DbOrTx,
  item: Reviewable,
  id: string,
  from: number,
  to: number,
  operator: string,
  reason?: string,
): Promise<void> {
  await tx.insert(hyReviewLog).values({
    entity: item.entity,
    entityId: id,
    fromState: from,
    toState: to,
    reason: reason ?? null,
    operator,
  });
}

export function registerReview(app: FastifyInstance, ctx: AppContext, item: Reviewable): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const stateKey = Object.entries(item.table).find(([, col]) => col === item.state)?.[0] ?? 'state';

  async function loadForUpdate(tx: DbOrTx, id: string, tenantId: number): Promise<number> {
    const rows = await tx
      .select({ state: item.state })
      .from(item.table)
      .where(and(eq(item.id, id), eq(item.tenantId, tenantId)))
      .for('update');
    if (!rows[0]) throw bizError('未找到对应数据');
    return Number(rows[0].state);
  }

  r.post(
    `${item.path}/review`,
    { config: { access: perm(`${item.permission}:review`) }, schema: { body: reviewBody } },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const { id, state, reason } = request.body;
      await ctx.db.transaction(async (tx) => {
        const from = await loadForUpdate(tx, id, session.tenantId);
        if (from !== REVIEW_STATE.pending) throw bizError('只有待审核的记录可以审核');
        await tx
          .update(item.table)
          .set({
            [stateKey]: state,
            rejectReason: state === REVIEW_STATE.rejected ? reason : null,
            reviewedBy: session.user.username,
            reviewedAt: new Date(),
          })
          .where(eq(item.id, id));
        await recordTransition(tx, item, id, from, state, session.user.username, reason);
      });
      listTotalsOf(ctx.db).invalidate(getTableName(item.table));
      return okMessage(state === REVIEW_STATE.approved ? '审核通过' : '已驳回');
    },
  );

  r.post(
    `${item.path}/submit`,
    {
      config: { access: perm(`${item.permission}:edit`) },
      schema: { body: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      await ctx.db.transaction(async (tx) => {
        const from = await loadForUpdate(tx, request.body.id, session.tenantId);
        if (from === REVIEW_STATE.pending || from === REVIEW_STATE.approved)
          throw bizError('该记录无需重新提交');
        await tx
          .update(item.table)
          .set({ [stateKey]: REVIEW_STATE.pending })
          .where(eq(item.id, request.body.id));
        await recordTransition(
          tx,
          item,
          request.body.id,
          from,
          REVIEW_STATE.pending,
          session.user.username,
          '提交审核',
        );
      });
      listTotalsOf(ctx.db).invalidate(getTableName(item.table));
      return okMessage('已提交审核');
    },
  );

  r.get(
    `${item.path}/reviewLog`,
    {
      config: { access: perm(`${item.permission}:list`) },
      schema: { querystring: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) =>
      ok(
        await ctx.db
          .select()
          .from(hyReviewLog)
          .where(and(eq(hyReviewLog.entity, item.entity), eq(hyReviewLog.entityId, request.query.id)))
          .orderBy(asc(hyReviewLog.createTime)),
      ),
  );
}
