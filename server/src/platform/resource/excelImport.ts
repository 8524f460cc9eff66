import ExcelJS from 'exceljs';
import { formatDateTime } from '../http/envelope.ts';
import { bizError } from '../http/errors.ts';
import type { FieldSpec } from './query.ts';

export interface ImportRow {
  /** Row number in the sheet (the header is row 1), for the error report. */
  row: number;
  values: Record<string, unknown>;
}

/** The plain value of a cell: rich text joined, formulas as their result, hyperlinks as their text. */
function cellValue(value: ExcelJS.CellValue): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
  if (typeof value !== 'object') return value;
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('result' in value) return cellValue(value.result as ExcelJS.CellValue);
  if ('text' in value) return typeof value.text === 'string' ? value.text : undefined;
  if ('error' in value) return undefined;
  return undefined;
}

function convert(spec: FieldSpec, raw: unknown): unknown {
  if (raw === undefined) return undefined;
  if (typeof raw === 'string' && raw.trim() === '') return undefined;
  switch (spec.type) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : Number(String(raw).trim());
      return Number.isFinite(n) ? n : String(raw);
    }
    case 'date':
      return raw instanceof Date ? raw : String(raw).trim();
    case 'boolean':
      if (typeof raw === 'boolean') return raw;
      return ['1', 'true', '是'].includes(String(raw).trim());
    default:
      return raw instanceof Date ? formatDateTime(raw) : String(raw).trim();
  }
}

/**
 * Reads the first sheet of an xlsx: row 1 holds the column titles (a field's `title`, or its key), every
 * later non-empty row becomes the declared fields' values. Unknown columns are ignored.
 */
export async function readImportRows(
  data: Buffer,
  fields: Array<[string, FieldSpec]>,
  maxRows: number,
): Promise<ImportRow[]> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw bizError('文件格式不正确，请上传 xlsx 文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw bizError('文件中没有工作表');
  const byTitle = new Map<string, [string, FieldSpec]>();
  for (const entry of fields) {
    byTitle.set(entry[0], entry);
    if (entry[1].title) byTitle.set(entry[1].title, entry);
  }
  const columns = new Map<number, [string, FieldSpec]>();
  sheet.getRow(1).eachCell((cell, col) => {
    const title = String(cellValue(cell.value) ?? '').trim();
    const field = byTitle.get(title);
    if (field) columns.set(col, field);
  });
  if (columns.size === 0) throw bizError('未找到可导入的列，请使用导出的模板');
  if (sheet.actualRowCount - 1 > maxRows) throw bizError(`单次最多导入${maxRows}行`);
  const rows: ImportRow[] = [];
  sheet.eachRow((row, rowNumber) => {
    if (rowNumber === 1) return;
    const values: Record<string, unknown> = {};
    let any = false;
    for (const [col, [key, spec]] of columns) {
      const value = convert(spec, cellValue(row.getCell(col).value));
      if (value !== undefined) {
        values[key] = value;
        any = true;
      }
    }
    if (any) rows.push({ row: rowNumber, values });
  });
  return rows;
}
