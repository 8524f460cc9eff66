import { renderPdf } from '../../platform/http/fileReplies.ts';

// A transport contract as a PDF (A4 portrait): title, number, the filled clauses line by line, and the two
// parties' signing block. The signature itself is the CA's over the PDF's digest, kept with the contract.

export interface ContractDocument {
  title: string;
  contractNo: string;
  /** The filled template: clauses separated by new lines. */
  text: string;
  partyA: string;
  partyB: string;
  /** The date printed under the signatures (YYYY-MM-DD, China time). */
  signDay: string;
}

/** Renders the contract; resolves with the PDF's bytes. */
export function renderContractPdf(contract: ContractDocument): Promise<Buffer> {
  return renderPdf(
    {
      size: 'A4',
      margin: 56,
      info: { Title: `${contract.title} ${contract.contractNo}`, Author: contract.partyA },
    },
    '合同',
    (doc) => {
      const left = 56;
      const width = doc.page.width - 112;
      doc.fontSize(18).text(contract.title, left, 56, { width, align: 'center' });
      doc.moveDown(0.4);
      doc.fontSize(9).fillColor('#555').text(`合同编号：${contract.contractNo}`, { width, align: 'right' });
      doc.fillColor('#000').moveDown(0.8);
      doc.fontSize(10.5);
      for (const line of contract.text.split('\n')) {
        if (line.trim() === '') {
          doc.moveDown(0.4);
          continue;
        }
        const heading = /^[一二三四五六七八九十]+、/.test(line);
        doc.fontSize(heading ? 11.5 : 10.5).text(line, left, doc.y, { width, lineGap: 3 });
      }
      doc.moveDown(2);
      if (doc.y > doc.page.height - 160) doc.addPage().font('cjk');
      const top = doc.y;
      const half = width / 2;
      doc.fontSize(10.5);
      doc.text(`甲方（签章）：${contract.partyA}`, left, top, { width: half - 10 });
      doc.text(`乙方（签章）：${contract.partyB}`, left + half, top, { width: half - 10 });
      const below = Math.max(doc.y, top + 30) + 12;
      doc.text(`签署日期：${contract.signDay}`, left, below, { width: half - 10 });
      doc.text(`签署日期：${contract.signDay}`, left + half, below, { width: half - 10 });
      doc
        .fontSize(8.5)
        .fillColor('#555')
        .text(
          '本合同以电子签名方式签署，与纸质合同具有同等法律效力。签署信息（文件摘要与签章）可在平台“运输合同”中验证。',
          left,
          below + 36,
          { width },
        );
    },
  );
}
