import {
  adjustmentBody,
  adjustmentResource,
  adjustmentReviewBody,
  billActionBody,
  billAdjustBody,
  billGenerateBody,
  billNoteResource,
  billPayBody,
  billResource,
  formatFen,
  formatTonnes,
} from '@freight/contracts';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { reviewAdjustment, submitAdjustment } from './adjustments.ts';
import { sendPayments } from './bankPayments.ts';
import {
  adjustBill,
  billStatementRows,
  billStep,
  generateBill,
  generateMonthEndBills,
  payBill,
} from './bills.ts';
import type { Finance } from './context.ts';
import { pendingPaymentsOf } from './payouts.ts';
import { finAdjustment, finBill, finBillNote } from './schema.ts';
import { billStatementPdf } from './statementPdf.ts';
import { finActorOf } from './walletRoutes.ts';

const STATUS_TEXT = ['草稿', '已发送', '已确认', '有异议', '已调整', '部分付款', '已付款', '已关闭'];
const PAY_TEXT = ['未支付', '已预付', '已垫付', '支付中', '已支付', '支付失败', '已退款'];

export function billRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- 账单管理 -------------------------------------------------------------------------------------------
  bindResource(app, ctx, billResource, finBill);
  bindResource(app, ctx, billNoteResource, finBillNote);
  r.post(
    '/plateform/bill/generate',
    { config: { access: perm('finance:bill:add') }, schema: { body: billGenerateBody } },
    async (request) => {
      const bill = await generateBill(fin, finActorOf(request), request.body);
      return ok(
        bill,
        `账单${bill.billNo}已生成：${bill.noteCount}个运单，合计${formatFen(bill.amountFen)}元`,
      );
    },
  );
  r.post('/plateform/bill/runMonthEnd', { config: { access: perm('finance:bill:add') } }, async (request) => {
    const result = await generateMonthEndBills(fin, finActorOf(request).tenantId);
    return ok(result, `已生成${result.bills}张月结账单`);
  });
  for (const action of ['send', 'confirm', 'dispute', 'close'] as const)
    r.post(
      `/plateform/bill/${action}`,
      { config: { access: perm(`finance:bill:${action}`) }, schema: { body: billActionBody } },
      async (request) => {
        const bill = await billStep(fin, finActorOf(request), action, request.body.id, request.body.reason);
        return ok(bill, `账单${bill.billNo}：${STATUS_TEXT[bill.status]}`);
      },
    );
  r.post(
    '/plateform/bill/adjust',
    { config: { access: perm('finance:bill:adjust') }, schema: { body: billAdjustBody } },
    async (request) => {
      const bill = await adjustBill(fin, finActorOf(request), request.body);
      return ok(bill, `账单${bill.billNo}已调整${formatFen(request.body.amountFen)}元`);
    },
  );
  r.post(
    '/plateform/bill/pay',
    { config: { access: perm('finance:bill:pay') }, schema: { body: billPayBody } },
    async (request) => {
      const answer = await payBill(fin, finActorOf(request), request.body);
      if (answer.payout) await sendPayments(fin, await pendingPaymentsOf(fin, answer.payout.payoutId));
      return ok(answer, answer.message);
    },
  );
  r.get(
    '/plateform/bill/exportStatement',
    {
      config: { access: perm('finance:bill:export'), audit: { operateType: 6, content: '导出对账单' } },
      schema: {
        querystring: z.object({
          id: z.string().min(1).max(32),
          format: z.enum(['xlsx', 'pdf']).default('xlsx'),
        }),
      },
    },
    async (request, reply) => {
      const statement = await billStatementRows(fin, finActorOf(request), request.query.id);
      const { bill, lines } = statement;
      if (request.query.format === 'pdf') {
        const pdf = await billStatementPdf(statement);
        return reply
          .header('content-type', 'application/pdf')
          .header(
            'content-disposition',
            `attachment; filename*=UTF-8''${encodeURIComponent(`对账单${bill.billNo}.pdf`)}`,
          )
          .send(pdf);
      }
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('对账单');
      sheet.addRow([`对账单 ${bill.billNo}`]);
      sheet.addRow(['货主', bill.customerName ?? '', '账期', `${bill.periodStart} 至 ${bill.periodEnd}`]);
      sheet.addRow(['状态', STATUS_TEXT[bill.status] ?? '', '到期日', bill.dueDate ?? '']);
      sheet.addRow([
        '运单数',
        bill.noteCount,
        '账单金额(元)',
        bill.amountFen / 100,
        '调整(元)',
        bill.adjustFen / 100,
        '已付(元)',
        bill.paidFen / 100,
      ]);
      sheet.addRow([]);
      const header = sheet.addRow([
        '运单号',
        '审核时间',
        '车牌号',
        '司机',
        '货物',
        '起运地',
        '到达地',
        '结算重量(吨)',
        '运费(元)',
        '其中服务费(元)',
        '支付状态',
      ]);
      header.font = { bold: true };
      for (const { line, ...note } of lines)
        sheet.addRow([
          line.shippingNoteNumber,
          line.auditTime ? new Date(line.auditTime.getTime() + 8 * 3600_000) : '',
          note.plateNo,
          note.driverName,
          note.goodsName,
          note.loadCity,
          note.unloadCity,
          note.settleWeightG === null ? '' : Number(formatTonnes(note.settleWeightG)),
          line.customerFee / 100,
          line.serviceFee / 100,
          PAY_TEXT[note.payStatus] ?? '',
        ]);
      sheet.getColumn(2).numFmt = 'yyyy-mm-dd hh:mm:ss';
      for (const col of [9, 10]) sheet.getColumn(col).numFmt = '#,##0.00';
      sheet.getColumn(8).numFmt = '0.000';
      const buffer = await workbook.xlsx.writeBuffer();
      const filename = encodeURIComponent(`对账单${bill.billNo}.xlsx`);
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${filename}`)
        .send(Buffer.from(buffer));
    },
  );

  // ---- 调账理赔 -------------------------------------------------------------------------------------------
  bindResource(app, ctx, adjustmentResource, finAdjustment);
  r.post(
    '/plateform/adjustment/add',
    { config: { access: perm('finance:adjust:add') }, schema: { body: adjustmentBody } },
    async (request) => {
      const row = await submitAdjustment(fin, finActorOf(request), request.body);
      return ok(row, `调账申请${row.adjustNo}已提交，待财务审批`);
    },
  );
  r.post(
    '/plateform/adjustment/review',
    { config: { access: perm('finance:adjust:approve') }, schema: { body: adjustmentReviewBody } },
    async (request) => {
      const row = await reviewAdjustment(fin, finActorOf(request), request.body);
      return ok(row, row.state === 1 ? `调账${row.adjustNo}已审批入账` : `调账${row.adjustNo}已驳回`);
    },
  );
}
