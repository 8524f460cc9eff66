import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { untilDrained } from './backpressure.ts';
import { attachmentHeaders, XLSX_TYPE } from './fileReplies.ts';

interface StreamedSheet {
  /** The download's name (any characters). */
  filename: string;
  sheetName: string;
  /** Cell styles (number and date formats) cost memory per style; plain text exports go without. */
  useStyles: boolean;
}

/**
 * Sends a one-sheet xlsx download that is written while it is sent, so a 100 000-row export holds one batch in
 * memory at a time: `write` adds and commits the rows in batches and awaits `drained()` between them (which
 * rejects when the client went away). A failure once the reply has started can only end the download.
 */
export function sendStreamedXlsx(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StreamedSheet,
  write: (sheet: ExcelJS.Worksheet, drained: () => Promise<void>) => Promise<void>,
): FastifyReply {
  const stream = new PassThrough();
  attachmentHeaders(reply, XLSX_TYPE, file.filename);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: file.useStyles,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(file.sheetName);
  (async () => {
    await write(sheet, () => untilDrained(stream));
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    request.log.error({ err: error }, `export of ${file.filename} failed`);
    stream.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply.send(stream);
}
