import {
  COMPLAINT_STATUS,
  COMPLAINT_TRANSITIONS,
  complaintActionBody,
  complaintResource,
  driverRating,
  evaluationResource,
  SHIPPING_STATUS,
} from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { isCustomerUser, lockOwnedRow } from './orders.ts';
import { hyDriver } from './partySchema.ts';
import { nextNumber } from './shippingNumbers.ts';
import { hyComplaint, hyEvaluation, hyShippingNote } from './shippingSchema.ts';

type Row = Record<string, unknown>;

/** The note a complaint or evaluation is about, inside the caller's tenant and customer. */
async function scopedNote(tx: DbOrTx, request: FastifyRequest, noteId: string) {
  const session = sessionOf(request);
  const conditions = [eq(hyShippingNote.id, noteId), eq(hyShippingNote.tenantId, session.tenantId)];
  if (isCustomerUser(session.user.userType))
    conditions.push(eq(hyShippingNote.customerId, session.user.cid ?? ''));
  const [note] = await tx
    .select()
    .from(hyShippingNote)
    .where(and(...conditions));
  if (!note) throw bizError('运单不存在');
  return note;
}

/** A driver's rating (hy_driver.score, out of 100) follows every evaluation added or removed. */
async function refreshDriverScore(tx: DbOrTx, driverId: string): Promise<void> {
  const scores = await tx
    .select({
      punctuality: hyEvaluation.punctuality,
      service: hyEvaluation.service,
      cargoSafety: hyEvaluation.cargoSafety,
    })
    .from(hyEvaluation)
    .where(eq(hyEvaluation.driverId, driverId));
  await tx
    .update(hyDriver)
    .set({ score: driverRating(scores) })
    .where(eq(hyDriver.id, driverId));
}

export function complaintRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  bindResource(app, ctx, complaintResource, hyComplaint, {
    dataLog: true,
    async beforeWrite(values, mode, request, tx) {
      const note = await scopedNote(tx, request, String(values.noteId));
      const out: Row = {
        ...values,
        shippingNoteNumber: note.shippingNoteNumber,
        customerId: note.customerId,
      };
      if (mode === 'add')
        return {
          ...out,
          complaintNo: await nextNumber(tx, 'complaint_no'),
          status: COMPLAINT_STATUS.submitted,
        };
      const [existing] = await tx
        .select({ status: hyComplaint.status })
        .from(hyComplaint)
        .where(eq(hyComplaint.id, String(values.id)));
      if (existing?.status !== COMPLAINT_STATUS.submitted) throw bizError('已受理的投诉不能修改');
      const { status: _s, complaintNo: _n, ...rest } = out;
      return rest;
    },
    async beforeDelete(ids, tx) {
      const rows = await tx
        .select({ status: hyComplaint.status })
        .from(hyComplaint)
        .where(inArray(hyComplaint.id, ids));
      const settled: number[] = [COMPLAINT_STATUS.submitted, COMPLAINT_STATUS.closed];
      if (rows.some((c) => !settled.includes(c.status))) throw bizError('处理中的投诉不能删除');
    },
  });

  for (const action of Object.keys(COMPLAINT_TRANSITIONS) as Array<keyof typeof COMPLAINT_TRANSITIONS>) {
    const step = COMPLAINT_TRANSITIONS[action];
    r.post(
      `${complaintResource.path}/${action}`,
      permitted('shipping:complaint:handle', { body: complaintActionBody }),
      async (request) => {
        const session = sessionOf(request);
        const { id, result } = request.body;
        if (action === 'resolve' && !result?.trim()) throw bizError('请填写处理结果');
        await ctx.db.transaction(async (tx) => {
          const complaint = await lockOwnedRow(tx, hyComplaint, id, {
            tenantId: session.tenantId,
            userType: session.user.userType,
            cid: session.user.cid ?? null,
          });
          if (!(step.from as readonly number[]).includes(complaint.status)) {
            const text = ctx.dicts.text('complaint_status', complaint.status) ?? String(complaint.status);
            throw bizError(`投诉当前状态为「${text}」，不能${step.label}`);
          }
          const now = new Date();
          await tx
            .update(hyComplaint)
            .set({
              status: step.to,
              handler: complaint.handler ?? session.user.username,
              handleTime: complaint.handleTime ?? now,
              result: result?.trim() || complaint.result,
              closeTime: action === 'close' ? now : complaint.closeTime,
              updateBy: session.user.username,
              updateTime: now,
            })
            .where(and(eq(hyComplaint.id, id), eq(hyComplaint.status, complaint.status)));
        });
        tablesWritten(ctx.db, hyComplaint);
        return okMessage(`${step.label}成功`);
      },
    );
  }

  bindResource(app, ctx, evaluationResource, hyEvaluation, {
    exportValues: { score: (value) => (Number(value) / 100).toFixed(2) },
    async beforeWrite(values, _mode, request, tx) {
      const note = await scopedNote(tx, request, String(values.noteId));
      if (note.status < SHIPPING_STATUS.signed) throw bizError('运单签收后才能评价');
      const [done] = await idsWhere(
        tx,
        hyEvaluation,
        eq(hyEvaluation.noteId, note.id),
        eq(hyEvaluation.raterRole, Number(values.raterRole)),
      );
      if (done) throw bizError('该运单已评价');
      const total = Number(values.punctuality) + Number(values.service) + Number(values.cargoSafety);
      return {
        ...values,
        shippingNoteNumber: note.shippingNoteNumber,
        customerId: note.customerId,
        driverId: note.driverId,
        driverName: note.driverName,
        score: Math.round((total * 100) / 3),
      };
    },
    afterWrite: (row, _mode, tx) => refreshDriverScore(tx, String(row.driverId)),
    async afterDelete(rows, tx) {
      for (const driverId of new Set(rows.map((row) => String(row.driverId))))
        await refreshDriverScore(tx, driverId);
    },
  });
}
