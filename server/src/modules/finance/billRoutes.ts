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
import { PDF_TYPE, sendAttachment, XLSX_TYPE } from '../../platform/http/fileReplies.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { finActorOf, financeAction, ownMessage } from './actionRoutes.ts';
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
import type { FinActor, Finance } from './context.ts';
import { pendingPaymentsOf } from './payouts.ts';
import { finAdjustment, finBill, finBillNote } from './schema.ts';
import { billStatementPdf } from './statementPdf.ts';

const STATUS_TEXT = ['草稿', '已发送', '已确认', '有异议', '已调整', '部分付款', '已付款', '已关闭'];
const PAY_TEXT = ['未支付', '已预付', '已垫付', '支付中', '已支付', '支付失败', '已退款'];

export function billRoutes(app: FastifyInstance, ctx: AppContext, fin: Finance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ---- 账单管理 -------------------------------------------------------------------------------------------
  bindResource(app, ctx, billResource, finBill);
  bindResource(app, ctx, billNoteResource, finBillNote);
  const billAction = <B extends z.ZodType, T>(
    action: string,
    body: B,
    act: (actor: FinActor, input: z.output<B>) => Promise<T>,
    say: (answer: T, input: z.output<B>) => string,
    permission = `finance:bill:${action}`,
  ) => financeAction(app, `/plateform/bill/${action}`, permission, body, act, say);
  billAction(
    'generate',
    billGenerateBody,
    (actor, input) => generateBill(fin, actor, input),
    (bill) => `账单${bill.billNo}已生成：${bill.noteCount}个运单，合计${formatFen(bill.amountFen)}元`,
    'finance:bill:add',
  );
  r.post('/plateform/bill/runMonthEnd', { config: { access: perm('finance:bill:add') } }, async (request) => {
    const result = await generateMonthEndBills(fin, finActorOf(request).tenantId);
    return ok(result, `已生成${result.bills}张月结账单`);
  });
  for (const action of ['send', 'confirm', 'dispute', 'close'] as const)
    billAction(
      action,
      billActionBody,
      (actor, input) => billStep(fin, actor, action, input.id, input.reason),
      (bill) => `账单${bill.billNo}：${STATUS_TEXT[bill.status]}`,
    );
  billAction(
    'adjust',
    billAdjustBody,
    (actor, input) => adjustBill(fin, actor, input),
    (bill, input) => `账单${bill.billNo}已调整${formatFen(input.amountFen)}元`,
  );
  billAction(
    'pay',
    billPayBody,
    async (actor, input) => {
      const answer = await payBill(fin, actor, input);
      if (answer.payout) await sendPayments(fin, await pendingPaymentsOf(fin, answer.payout.payoutId));
      return answer;
    },
    ownMessage,
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
        return sendAttachment(reply, PDF_TYPE, `对账单${bill.billNo}.pdf`, await billStatementPdf(statement));
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
      return sendAttachment(reply, XLSX_TYPE, `对账单${bill.billNo}.xlsx`, Buffer.from(buffer));
    },
  );

  // ---- 调账理赔 -------------------------------------------------------------------------------------------
  bindResource(app, ctx, adjustmentResource, finAdjustment);
  financeAction(
    app,
    '/plateform/adjustment/add',
    'finance:adjust:add',
    adjustmentBody,
    (actor, input) => submitAdjustment(fin, actor, input),
    (row) => `调账申请${row.adjustNo}已提交，待财务审批`,
  );
  financeAction(
    app,
    '/plateform/adjustment/review',
    'finance:adjust:approve',
    adjustmentReviewBody,
    (actor, input) => reviewAdjustment(fin, actor, input),
    (row) => (row.state === 1 ? `调账${row.adjustNo}已审批入账` : `调账${row.adjustNo}已驳回`),
  );
}
