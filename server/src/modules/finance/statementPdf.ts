import { formatFen, formatTonnes } from '@freight/contracts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { renderPdf } from '../../platform/http/fileReplies.ts';
import type { billStatementRows } from './bills.ts';
import { type PdfColumn, pdfTable } from './pdfTable.ts';

// A bill's statement as PDF (账单管理 → 对账单 PDF): the same content as the Excel statement — the
// bill's head, totals and one line per waybill — on landscape A4 pages with the header repeated and page
// numbers, in the CJK font of pdfFont.ts.

type Statement = Awaited<ReturnType<typeof billStatementRows>>;

const STATUS_TEXT = ['草稿', '已发送', '已确认', '有异议', '已调整', '部分付款', '已付款', '已关闭'];
const PAY_TEXT = ['未支付', '已预付', '已垫付', '支付中', '已支付', '支付失败', '已退款'];

/** `YYYY-MM-DD HH:mm` in China time. */
function chinaTime(value: Date | null): string {
  return value ? formatDateTime(value).slice(0, 16) : '';
}

const COLUMNS: PdfColumn[] = [
  { title: '运单号', width: 118 },
  { title: '审核时间', width: 84 },
  { title: '车牌号', width: 62 },
  { title: '司机', width: 48 },
  { title: '货物', width: 62 },
  { title: '起运地', width: 62 },
  { title: '到达地', width: 62 },
  { title: '结算重量(吨)', width: 64, align: 'right' },
  { title: '运费(元)', width: 78, align: 'right' },
  { title: '服务费(元)', width: 70, align: 'right' },
  { title: '支付状态', width: 52 },
];

/** The statement of a bill as a PDF file. */
export function billStatementPdf({ bill, lines }: Statement): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      bufferPages: true,
      info: { Title: `对账单 ${bill.billNo}`, Author: '网络货运平台', Subject: bill.customerName ?? '' },
    },
    '对账单',
    (doc) => {
      const left = doc.page.margins.left;
      const right = doc.page.width - doc.page.margins.right;
      const bottom = doc.page.height - doc.page.margins.bottom - 18;
      const rowHeight = 18;

      // ---- the head -------------------------------------------------------------------------------------------
      doc.fontSize(18).text(`对账单 ${bill.billNo}`, left, 36, { align: 'center', width: right - left });
      doc.moveDown(0.6);
      doc.fontSize(10);
      const due = bill.amountFen + bill.adjustFen - bill.paidFen;
      const head: Array<[string, string]> = [
        ['货主', bill.customerName ?? ''],
        ['账期', `${bill.periodStart} 至 ${bill.periodEnd}`],
        ['状态', STATUS_TEXT[bill.status] ?? String(bill.status)],
        ['到期日', bill.dueDate ?? ''],
        ['运单数', String(bill.noteCount)],
        ['账单金额(元)', formatFen(bill.amountFen)],
        ['调整(元)', formatFen(bill.adjustFen)],
        ['已付(元)', formatFen(bill.paidFen)],
        ['未付(元)', formatFen(due)],
        ['其中服务费(元)', formatFen(bill.serviceFeeFen)],
      ];
      const cellWidth = (right - left) / 5;
      let y = doc.y;
      head.forEach(([label, value], i) => {
        const x = left + (i % 5) * cellWidth;
        if (i > 0 && i % 5 === 0) y += 30;
        doc.fillColor('#666666').text(label, x, y, { width: cellWidth - 8 });
        doc.fillColor('#000000').text(value, x, y + 12, { width: cellWidth - 8 });
      });
      y += 40;

      // ---- the lines ------------------------------------------------------------------------------------------
      const table = pdfTable(doc, COLUMNS, left, right - left);
      const drawRow = (cells: string[], top: number, header: boolean) => {
        if (header) doc.rect(left, top, right - left, rowHeight).fill('#f0f2f5');
        doc.fillColor('#000000').fontSize(header ? 9 : 8.5);
        table.row(cells, top + 5, { ellipsis: true, height: rowHeight - 4 });
        doc
          .moveTo(left, top + rowHeight)
          .lineTo(right, top + rowHeight)
          .lineWidth(0.5)
          .strokeColor('#d9d9d9')
          .stroke();
      };
      const header = table.titles;
      drawRow(header, y, true);
      y += rowHeight;
      let totalFee = 0;
      let totalService = 0;
      for (const { line, ...note } of lines) {
        if (y + rowHeight > bottom) {
          doc.addPage();
          doc.font('cjk');
          y = doc.page.margins.top;
          drawRow(header, y, true);
          y += rowHeight;
        }
        totalFee += line.customerFee;
        totalService += line.serviceFee;
        drawRow(
          [
            line.shippingNoteNumber ?? '',
            chinaTime(line.auditTime),
            note.plateNo ?? '',
            note.driverName ?? '',
            note.goodsName ?? '',
            note.loadCity ?? '',
            note.unloadCity ?? '',
            note.settleWeightG === null ? '' : formatTonnes(note.settleWeightG),
            formatFen(line.customerFee),
            formatFen(line.serviceFee),
            PAY_TEXT[note.payStatus] ?? '',
          ],
          y,
          false,
        );
        y += rowHeight;
      }
      if (y + rowHeight > bottom) {
        doc.addPage();
        doc.font('cjk');
        y = doc.page.margins.top;
      }
      const totals = ['合计', '', '', '', '', '', '', '', formatFen(totalFee), formatFen(totalService), ''];
      drawRow(totals, y, true);

      // ---- page numbers ---------------------------------------------------------------------------------------
      const range = doc.bufferedPageRange();
      for (let i = range.start; i < range.start + range.count; i++) {
        doc.switchToPage(i);
        doc
          .fontSize(8)
          .fillColor('#666666')
          .text(
            `对账单 ${bill.billNo} · 第 ${i + 1} / ${range.count} 页 · 生成时间 ${chinaTime(new Date())}`,
            left,
            doc.page.height - doc.page.margins.bottom - 10,
            { width: right - left, align: 'center', lineBreak: false },
          );
      }
    },
  );
}
