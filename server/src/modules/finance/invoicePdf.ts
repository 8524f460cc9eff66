import { amountInChinese, formatFen } from '@freight/contracts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { renderPdf } from '../../platform/http/fileReplies.ts';
import type { InvoiceLineRow, InvoiceRow } from './invoices.ts';
import { FREIGHT_ITEM } from './invoices.ts';
import { type PdfColumn, pdfTable } from './pdfTable.ts';

// The issued invoice as a PDF (A4 landscape): title, number and date, buyer and seller with tax numbers, the
// freight lines (起运地, 到达地, 车种车号, 货物, 金额, 税率, 税额), totals in figures and in Chinese capitals.

const KIND_TITLE: Record<number, string> = {
  1: '电子发票（增值税专用发票）',
  2: '电子发票（普通发票）',
};

/** `YYYY年MM月DD日` in China time. */
const cn = (d: Date | null) => {
  if (!d) return '';
  const [year, month, day] = formatDateTime(d).slice(0, 10).split('-');
  return `${year}年${month}月${day}日`;
};

const COLUMNS: PdfColumn[] = [
  { title: '项目名称', width: 0.2 },
  { title: '运单号', width: 0.12 },
  { title: '起运地', width: 0.12 },
  { title: '到达地', width: 0.12 },
  { title: '车种车号', width: 0.11 },
  { title: '货物', width: 0.09 },
  { title: '金额', width: 0.09, align: 'right' },
  { title: '税率', width: 0.05, align: 'right' },
  { title: '税额', width: 0.1, align: 'right' },
];

const rate = (bp: number) => `${(bp / 100).toFixed(bp % 100 === 0 ? 0 : 2)}%`;

/** Renders the invoice; resolves with the PDF's bytes. */
export function renderInvoicePdf(invoice: InvoiceRow, lines: InvoiceLineRow[]): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: `发票 ${invoice.invoiceNo ?? invoice.applyNo}`, Author: invoice.sellerTitle ?? '' },
    },
    '发票',
    (doc) => {
      const left = 36;
      const width = doc.page.width - 72;
      const red = '#9b1c1c';
      const header = () => {
        doc
          .fillColor(red)
          .fontSize(20)
          .text(KIND_TITLE[invoice.kind] ?? '电子发票', left, 36, { width, align: 'center' });
        doc.fontSize(10).fillColor('#000');
        doc.text(`发票号码：${invoice.invoiceNo ?? '（未开具）'}`, left + width - 240, 40, { width: 240 });
        doc.text(`开票日期：${cn(invoice.issueTime)}`, left + width - 240, 56, { width: 240 });
        if (invoice.state === 6)
          doc
            .fillColor(red)
            .text(`已红冲  红字确认单：${invoice.redLetterNo ?? ''}`, left, 56, { width: 300 });
        doc.fillColor('#000');
      };
      header();

      // Buyer and seller.
      const partyTop = 80;
      const half = width / 2;
      doc.rect(left, partyTop, width, 64).stroke();
      doc
        .moveTo(left + half, partyTop)
        .lineTo(left + half, partyTop + 64)
        .stroke();
      const party = (x: number, who: string, title: string | null, taxNo: string | null) => {
        doc.fontSize(10).text(who, x + 6, partyTop + 6);
        doc.text(`名称：${title ?? ''}`, x + 6, partyTop + 24, { width: half - 12 });
        doc.text(`统一社会信用代码/纳税人识别号：${taxNo ?? ''}`, x + 6, partyTop + 42, { width: half - 12 });
      };
      party(left, '购买方信息', invoice.buyerTitle, invoice.buyerTaxNo);
      party(left + half, '销售方信息', invoice.sellerTitle, invoice.sellerTaxNo);

      // Lines.
      const table = pdfTable(doc, COLUMNS, left, width);
      const row = (values: string[], y: number, size = 8) => {
        doc.fontSize(size);
        table.row(values, y);
      };
      let y = partyTop + 74;
      row(table.titles, y, 9);
      y += 16;
      doc
        .moveTo(left, y - 3)
        .lineTo(left + width, y - 3)
        .stroke();
      const bottom = doc.page.height - 110;
      for (const line of lines) {
        if (y > bottom) {
          doc.addPage({ size: 'A4', layout: 'landscape', margin: 36 });
          doc.font('cjk');
          header();
          y = 80;
          row(table.titles, y, 9);
          y += 16;
        }
        row(
          [
            FREIGHT_ITEM,
            line.shippingNoteNumber ?? '',
            line.loadPlace ?? '',
            line.unloadPlace ?? '',
            line.vehicle ?? '',
            line.goodsName ?? '',
            formatFen(line.netFen),
            rate(invoice.taxRateBp),
            formatFen(line.taxFen),
          ],
          y,
        );
        y += 13;
      }
      if (y > doc.page.height - 120) {
        doc.addPage({ size: 'A4', layout: 'landscape', margin: 36 });
        doc.font('cjk');
        header();
        y = 80;
      }
      doc
        .moveTo(left, y + 2)
        .lineTo(left + width, y + 2)
        .stroke();
      y += 8;
      row(
        ['合计', '', '', '', '', '', `¥${formatFen(invoice.netFen)}`, '', `¥${formatFen(invoice.taxFen)}`],
        y,
        9,
      );
      y += 20;
      doc
        .fontSize(10)
        .text(`价税合计（大写）：${amountInChinese(invoice.amountFen)}`, left, y, { width: half });
      doc.text(`（小写）¥${formatFen(invoice.amountFen)}`, left + half, y, {
        width: half - 10,
        align: 'right',
      });
      y += 20;
      doc
        .fontSize(9)
        .text(
          `备注：${invoice.noteCount}个运单，申请单号${invoice.applyNo}${invoice.remark ? `；${invoice.remark}` : ''}`,
          left,
          y,
          { width },
        );
    },
  );
}
