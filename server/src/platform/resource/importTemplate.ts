import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { perm } from '../access/declare.ts';
import type { DictLookup } from '../context.ts';
import { sendAttachment, XLSX_TYPE } from '../http/fileReplies.ts';
import type { FieldMap } from './query.ts';

type Row = Record<string, unknown>;

/**
 * An import row may carry a dictionary field as its text (what the export writes, e.g. 黄色) or as its code
 * (2): texts are turned into codes before the row is validated, so an exported sheet imports again.
 */
export function withDictValues(schema: z.ZodType<Row>, dicts: DictLookup, fields: FieldMap): z.ZodType<Row> {
  const dictFields = Object.entries(fields).filter(([, f]) => f.dict);
  return z.preprocess((input) => {
    if (!input || typeof input !== 'object') return input;
    const row: Row = { ...(input as Row) };
    for (const [name, spec] of dictFields) {
      const value = row[name];
      if (value === undefined || value === null) continue;
      const text = String(value).trim();
      const item = dicts.items(spec.dict as string).find((i) => i.value === text || i.text === text);
      if (item) row[name] = item.value;
    }
    return row;
  }, schema) as unknown as z.ZodType<Row>;
}

export interface TemplateColumn {
  /** Header title: the field's export/import title. */
  title: string;
  /** Required by the form and the server. */
  required?: boolean;
  /** How to fill it in, on the notes sheet. */
  note?: string;
  width?: number;
}

/**
 * `GET <path>/importTemplate`: an xlsx whose first row holds the column titles the importer reads, with a
 * second sheet explaining each column ("the template downloadable from the page").
 */
export function registerImportTemplate(
  app: FastifyInstance,
  options: { path: string; permission: string; title: string; columns: TemplateColumn[] },
): void {
  app.get(
    `${options.path}/importTemplate`,
    { config: { access: perm(`${options.permission}:import`), audit: false } },
    async (_request, reply) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet(options.title);
      sheet.columns = options.columns.map((c) => ({ header: c.title, key: c.title, width: c.width ?? 18 }));
      const header = sheet.getRow(1);
      header.font = { bold: true };
      options.columns.forEach((c, i) => {
        const cell = header.getCell(i + 1);
        if (c.required) cell.font = { bold: true, color: { argb: 'FFCF1322' } };
        // Text cells: numbers such as ID or mobile numbers keep their leading digits and full length.
        sheet.getColumn(i + 1).numFmt = '@';
      });
      sheet.views = [{ state: 'frozen', ySplit: 1 }];
      const notes = workbook.addWorksheet('填写说明');
      notes.columns = [
        { header: '列名', key: 'title', width: 24 },
        { header: '必填', key: 'required', width: 8 },
        { header: '说明', key: 'note', width: 70 },
      ];
      notes.getRow(1).font = { bold: true };
      for (const c of options.columns)
        notes.addRow({ title: c.title, required: c.required ? '是' : '否', note: c.note ?? '' });
      notes.addRow({});
      notes.addRow({
        title: '说明',
        note: '数据从第一张表的第2行开始填写；日期格式 YYYY-MM-DD；一次最多导入10000行。',
      });
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      return sendAttachment(reply, XLSX_TYPE, `${options.title}导入模板.xlsx`, data);
    },
  );
}
