import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { useCjkFont } from '../pdf/cjkFont.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const PDF_TYPE = 'application/pdf';

/** Marks the reply a file to download: its type, and its name (any characters) in the UTF-8 form browsers read. */
export function attachmentHeaders(reply: FastifyReply, contentType: string, filename: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`);
}

/** A file to download, sent whole. */
export function sendAttachment(
  reply: FastifyReply,
  contentType: string,
  filename: string,
  body: Buffer | Uint8Array | string,
): FastifyReply {
  return attachmentHeaders(reply, contentType, filename).send(body);
}

/**
 * A PDF drawn in the CJK font (`what` names it in the refusal when no such font is installed): resolves with
 * its bytes once `draw` has drawn every page.
 */
export async function renderPdf(
  options: PDFKit.PDFDocumentOptions,
  what: string,
  draw: (doc: PDFKit.PDFDocument) => void,
): Promise<Buffer> {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  useCjkFont(doc, what);
  draw(doc);
  doc.end();
  return done;
}
