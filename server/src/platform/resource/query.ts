import type { FieldKind, MaskKind } from '@freight/contracts';
import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  lt,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { isPiiColumn, piiEq } from '../crypto/piiColumn.ts';
import { containing, escapeLike } from '../db/likePattern.ts';
import { dateInRange, numberFault } from '../db/valueRange.ts';
import { badRequest } from '../http/errors.ts';

export type FieldType = 'string' | 'number' | 'date' | 'boolean';

/** A field a list may filter or sort on. Only declared fields ever reach SQL, and only as bound values. */
export interface FieldSpec {
  column: AnyColumn;
  type: FieldType;
  filter?: boolean;
  sort?: boolean;
  /** Dictionary code: the list adds `<field>_dictText`. */
  dict?: string;
  /** Column title for Excel export/import. */
  title?: string;
  /** Value written to Excel exports; default: by `kind`, else the value with dates formatted. */
  exportValue?: (value: unknown, row: Record<string, unknown>) => unknown;
  /** A plain value matches any part of the text (`*x*` without the stars). */
  like?: boolean;
  /** Presentation kind of the declaration: exports write fen and grams as numbers in yuan and tonnes. */
  kind?: FieldKind;
  /** Personal number shown masked in lists and exports. */
  mask?: MaskKind;
}

export type FieldMap = Record<string, FieldSpec>;

const RESERVED = new Set(['pageNo', 'pageSize', 'column', 'order', '_t', 'field', 'selections']);

function coerce(spec: FieldSpec, name: string, raw: string, edge?: 'begin' | 'end'): unknown {
  switch (spec.type) {
    case 'number': {
      const n = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(n)) throw badRequest(`查询条件 ${name} 不是有效的数字`);
      const fault = numberFault(spec.column, n);
      if (fault) throw badRequest(`查询条件 ${name} ${fault}`);
      return n;
    }
    case 'boolean':
      if (!['true', 'false', '1', '0'].includes(raw)) throw badRequest(`查询条件 ${name} 不是有效的布尔值`);
      return raw === 'true' || raw === '1';
    case 'date': {
      // A bare date covers the whole day (reference QueryGenerator), in China time.
      let text = raw.trim();
      if (/^\d{4}-\d{2}-\d{2}$/.test(text)) text += edge === 'end' ? ' 23:59:59.999' : ' 00:00:00';
      const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
        ? `${text.replace(' ', 'T')}+08:00`
        : text;
      const d = new Date(iso);
      if (!dateInRange(d)) throw badRequest(`查询条件 ${name} 不是有效的日期`);
      return d;
    }
    default:
      return raw;
  }
}

/** One condition from a value's shape: `*x*` like, `*x` ends, `x*` starts, `!x` not, `a,b` in, `>=x` etc. */
function conditionFor(name: string, spec: FieldSpec, raw: string): SQL | undefined {
  const col = spec.column;
  if (raw === '') return undefined;
  // An encrypted personal number matches whole values only, through its keyed hash.
  if (isPiiColumn(col)) {
    const values = raw
      .split(',')
      .map((v) => v.replace(/^\*|\*$/g, '').trim())
      .filter(Boolean);
    return values.length ? or(...values.map((v) => piiEq(col, v))) : undefined;
  }
  if (spec.like && spec.type === 'string' && !raw.includes('*')) return ilike(col, containing(raw));
  if (spec.type === 'string' && raw.length > 1 && (raw.startsWith('*') || raw.endsWith('*'))) {
    const core = escapeLike(raw.replace(/^\*/, '').replace(/\*$/, ''));
    const pattern = `${raw.startsWith('*') ? '%' : ''}${core}${raw.endsWith('*') ? '%' : ''}`;
    return ilike(col, pattern);
  }
  if (raw.startsWith('!')) return ne(col, coerce(spec, name, raw.slice(1)));
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(raw);
  if (cmp && spec.type !== 'string') {
    const value = coerce(spec, name, cmp[2]);
    return { '>=': gte, '<=': lte, '>': gt, '<': lt }[cmp[1] as '>=' | '<=' | '>' | '<'](col, value);
  }
  if (raw.includes(',')) {
    const values = raw
      .split(',')
      .filter((v) => v !== '')
      .map((v) => coerce(spec, name, v));
    return values.length ? inArray(col, values) : undefined;
  }
  return eq(col, coerce(spec, name, raw));
}

export function buildFilters(fields: FieldMap, query: Record<string, unknown>): SQL[] {
  const out: SQL[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (RESERVED.has(key) || value === undefined || value === null) continue;
    const raw = Array.isArray(value) ? String(value[0]) : String(value);
    if (raw.length > 500) throw badRequest(`查询条件 ${key} 过长`);
    const range = /^(.+)_(begin|end)$/.exec(key);
    if (range) {
      const spec = fields[range[1]];
      if (!spec?.filter || raw === '') continue;
      const v = coerce(spec, range[1], raw, range[2] as 'begin' | 'end');
      out.push(range[2] === 'begin' ? gte(spec.column, v) : lte(spec.column, v));
      continue;
    }
    const spec = fields[key];
    if (!spec?.filter) continue;
    const cond = conditionFor(key, spec, raw);
    if (cond) out.push(cond);
  }
  return out;
}

export function buildOrder(
  fields: FieldMap,
  column: string | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: SQL[],
  tiebreak: AnyColumn,
): SQL[] {
  if (!column) return [...fallback, desc(tiebreak)];
  const spec = fields[column];
  if (!spec?.sort) throw badRequest(`不支持按字段 ${column.slice(0, 64)} 排序`);
  const dir = order === 'asc' ? asc : desc;
  return [dir(spec.column), dir(tiebreak)];
}

export function andAll(conditions: Array<SQL | undefined>): SQL | undefined {
  const list = conditions.filter((c): c is SQL => c !== undefined);
  if (list.length === 0) return undefined;
  return list.length === 1 ? list[0] : and(...list);
}

export const never = sql`false`;
