import {
  COMPLAINT_TRANSITIONS,
  complaintActionBody,
  complaintBody,
  driverRating,
  evaluationBody,
  SHIPPING_STATUS,
} from '@freight/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { registerResource } from '../../platform/resource/defineResource.ts';
import { isCustomerUser } from './orders.ts';
import { hyDriver } from './partySchema.ts';
import { nextNumber } from './shippingNumbers.ts';
import { hyComplaint, hyEvaluation, hyShippingNote } from './shippingSchema.ts';

type Row = Record<string, unknown>;

/** The note a complaint or evaluation is about, inside the caller's tenant and customer. */
async function scopedNote(tx: DbOrTx, request: FastifyRequest, noteId: string) {
  const session = request.session;
  if (!session) throw unauthorized();
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

  registerResource(app, ctx, {
    dataLog: true,
    path: '/shipping/hyComplaint',
    permission: 'shipping:complaint',
    title: '投诉',
    table: hyComplaint,
    id: hyComplaint.id,
    scope: { tenant: true, customer: 'customerId' },
    defaultOrder: [desc(hyComplaint.createTime)],
    actions: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
    fields: {
      id: { column: hyComplaint.id, type: 'string', filter: true },
      complaintNo: {
        column: hyComplaint.complaintNo,
        type: 'string',
        filter: true,
        sort: true,
        title: '投诉单号',
      },
      noteId: { column: hyComplaint.noteId, type: 'string', filter: true },
      shippingNoteNumber: {
        column: hyComplaint.shippingNoteNumber,
        type: 'string',
        filter: true,
        title: '运单号',
      },
      complainantRole: {
        column: hyComplaint.complainantRole,
        type: 'number',
        filter: true,
        title: '投诉方',
      },
      complainantName: { column: hyComplaint.complainantName, type: 'string', filter: true, title: '投诉人' },
      respondentName: { column: hyComplaint.respondentName, type: 'string', filter: true, title: '被投诉人' },
      complaintType: { column: hyComplaint.complaintType, type: 'number', filter: true, title: '投诉类型' },
      content: { column: hyComplaint.content, type: 'string', title: '投诉内容' },
      status: {
        column: hyComplaint.status,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'complaint_status',
        title: '状态',
      },
      handler: { column: hyComplaint.handler, type: 'string', filter: true, title: '处理人' },
      result: { column: hyComplaint.result, type: 'string', title: '处理结果' },
      createTime: {
        column: hyComplaint.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '投诉时间',
      },
    },
    createSchema: complaintBody as unknown as z.ZodType<Row>,
    updateSchema: complaintBody.extend({
      id: complaintActionBody.shape.id,
    }) as unknown as z.ZodType<Row & { id: string }>,
    async beforeWrite(values, mode, request, tx) {
      const note = await scopedNote(tx, request, String(values.noteId));
      const out: Row = {
        ...values,
        shippingNoteNumber: note.shippingNoteNumber,
        customerId: note.customerId,
      };
      if (mode === 'add') return { ...out, complaintNo: await nextNumber(tx, 'complaint_no'), status: 0 };
      const [existing] = await tx
        .select({ status: hyComplaint.status })
        .from(hyComplaint)
        .where(eq(hyComplaint.id, String(values.id)));
      if (existing?.status !== 0) throw bizError('已受理的投诉不能修改');
      const { status: _s, complaintNo: _n, ...rest } = out;
      return rest;
    },
    async beforeDelete(ids, tx) {
      const rows = await tx
        .select({ status: hyComplaint.status })
        .from(hyComplaint)
        .where(inArray(hyComplaint.id, ids));
      if (rows.some((c) => c.status !== 0 && c.status !== 3)) throw bizError('处理中的投诉不能删除');
    },
  });

  for (const action of Object.keys(COMPLAINT_TRANSITIONS) as Array<keyof typeof COMPLAINT_TRANSITIONS>) {
    const step = COMPLAINT_TRANSITIONS[action];
    r.post(
      `/shipping/hyComplaint/${action}`,
      { config: { access: perm('shipping:complaint:handle') }, schema: { body: complaintActionBody } },
      async (request) => {
        const session = request.session;
        if (!session) throw unauthorized();
        const { id, result } = request.body;
        if (action === 'resolve' && !result?.trim()) throw bizError('请填写处理结果');
        await ctx.db.transaction(async (tx) => {
          const conditions = [eq(hyComplaint.id, id), eq(hyComplaint.tenantId, session.tenantId)];
          if (isCustomerUser(session.user.userType))
            conditions.push(eq(hyComplaint.customerId, session.user.cid ?? ''));
          const [complaint] = await tx
            .select()
            .from(hyComplaint)
            .where(and(...conditions))
            .for('update');
          if (!complaint) throw bizError('未找到对应数据');
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
        listTotalsOf(ctx.db).invalidate('hy_complaint');
        return okMessage(`${step.label}成功`);
      },
    );
  }

  registerResource(app, ctx, {
    path: '/shipping/hyEvaluation',
    permission: 'shipping:evaluation',
    title: '评价',
    table: hyEvaluation,
    id: hyEvaluation.id,
    scope: { tenant: true, customer: 'customerId' },
    defaultOrder: [desc(hyEvaluation.createTime)],
    actions: ['list', 'queryById', 'add', 'delete', 'deleteBatch', 'exportXls'],
    fields: {
      id: { column: hyEvaluation.id, type: 'string', filter: true },
      noteId: { column: hyEvaluation.noteId, type: 'string', filter: true },
      shippingNoteNumber: {
        column: hyEvaluation.shippingNoteNumber,
        type: 'string',
        filter: true,
        title: '运单号',
      },
      driverId: { column: hyEvaluation.driverId, type: 'string', filter: true },
      driverName: { column: hyEvaluation.driverName, type: 'string', filter: true, title: '司机' },
      raterRole: { column: hyEvaluation.raterRole, type: 'number', filter: true, title: '评价方' },
      punctuality: { column: hyEvaluation.punctuality, type: 'number', title: '准时' },
      service: { column: hyEvaluation.service, type: 'number', title: '服务' },
      cargoSafety: { column: hyEvaluation.cargoSafety, type: 'number', title: '货物安全' },
      score: {
        column: hyEvaluation.score,
        type: 'number',
        filter: true,
        sort: true,
        title: '综合评分',
        exportValue: (v) => (Number(v) / 100).toFixed(2),
      },
      content: { column: hyEvaluation.content, type: 'string', title: '评价内容' },
      createTime: {
        column: hyEvaluation.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '评价时间',
      },
    },
    createSchema: evaluationBody as unknown as z.ZodType<Row>,
    async beforeWrite(values, _mode, request, tx) {
      const note = await scopedNote(tx, request, String(values.noteId));
      if (note.status < SHIPPING_STATUS.signed) throw bizError('运单签收后才能评价');
      const [done] = await tx
        .select({ id: hyEvaluation.id })
        .from(hyEvaluation)
        .where(and(eq(hyEvaluation.noteId, note.id), eq(hyEvaluation.raterRole, Number(values.raterRole))));
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
