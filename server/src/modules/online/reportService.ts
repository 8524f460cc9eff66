// A report definition as the API routes use it: head, columns and parameters, its SQL compiled and checked,
// and the translation of a request's query string into bound filters.
import { type DictItem, partyScopeOf } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { Session } from '../../platform/auth/session.ts';
import type { DictLookup } from '../../platform/context.ts';
import { childRows } from '../../platform/db/childRows.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { formatDateTime } from '../../platform/http/envelope.ts';
import { loadTableDictItems, tableDictOf } from '../system/index.ts';
import type { ReportFilter } from './reportQuery.ts';
import {
  type CompiledSql,
  checkParamValue,
  compileReportSql,
  type ParamType,
  ReportSqlError,
  SYSTEM_PARAMS,
} from './reportSql.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './schema.ts';

export type ReportHead = typeof onlCgreportHead.$inferSelect;
export type ReportItem = typeof onlCgreportItem.$inferSelect;
export type ReportParam = typeof onlCgreportParam.$inferSelect;

export interface LoadedReport {
  head: ReportHead;
  items: ReportItem[];
  params: ReportParam[];
  compiled: CompiledSql;
  types: Record<string, ParamType>;
}

export const NUMERIC_FIELD_TYPES = new Set(['Integer', 'Long', 'Double', 'BigDecimal', 'Money']);
export const DATE_FIELD_TYPES = new Set(['Date', 'Datetime']);

/** Placeholder types: system parameters are fixed; the others as declared (string by default). */
export function paramTypes(compiled: CompiledSql, params: Pick<ReportParam, 'paramName' | 'paramType'>[]) {
  const types: Record<string, ParamType> = {};
  for (const name of compiled.params) {
    const declared = params.find((p) => p.paramName === name)?.paramType;
    types[name] =
      SYSTEM_PARAMS[name] ??
      (declared === 'number' || declared === 'date' || declared === 'integer' ? declared : 'string');
  }
  return types;
}

export async function loadReport(
  db: DbOrTx,
  by: { id: string } | { code: string },
): Promise<LoadedReport | null> {
  const [head] = await db
    .select()
    .from(onlCgreportHead)
    .where('id' in by ? eq(onlCgreportHead.id, by.id) : eq(onlCgreportHead.code, by.code));
  if (!head) return null;
  const [items, params] = await Promise.all([
    childRows(db, onlCgreportItem, onlCgreportItem.cgrheadId, head.id, onlCgreportItem.orderNum),
    childRows(db, onlCgreportParam, onlCgreportParam.cgrheadId, head.id, onlCgreportParam.orderNum),
  ]);
  const compiled = compileReportSql(head.cgrSql);
  return { head, items, params, compiled, types: paramTypes(compiled, params) };
}

/** The party system parameters of a session: its own party's id, NULL for the other kinds and for staff. */
export function partyParams(session: Session): Record<PartyParam, string | null> {
  const party = partyScopeOf(session.user.userType);
  return {
    sys_customer_id: party === 'customer' ? session.user.cid : null,
    sys_agent_id: party === 'agent' ? session.user.cid : null,
    sys_captain_id: party === 'captain' ? session.user.cid : null,
  };
}

export type PartyParam = 'sys_customer_id' | 'sys_agent_id' | 'sys_captain_id';
export const PARTY_PARAM: Record<'customer' | 'agent' | 'captain', PartyParam> = {
  customer: 'sys_customer_id',
  agent: 'sys_agent_id',
  captain: 'sys_captain_id',
};

/**
 * Whether the session may run the report as far as its party goes: platform staff may; a party user only a
 * report whose SQL filters by that party's own parameter, and only with a party id to bind (a party user
 * without one would read NULL, which the filter reads as "every party").
 */
export function partyMayRun(report: Pick<LoadedReport, 'compiled'>, session: Session): boolean {
  const party = partyScopeOf(session.user.userType);
  if (!party) return true;
  return !!session.user.cid && report.compiled.params.includes(PARTY_PARAM[party]);
}

/** Values of the SQL's placeholders: the session's for system names, else `self_<name>`, else the default. */
export function bindValues(
  report: LoadedReport,
  query: Record<string, unknown>,
  session: Session,
): Record<string, string | number | null> {
  const values: Record<string, string | number | null> = {};
  const now = formatDateTime(new Date());
  const system: Record<string, string | number | null> = {
    sys_tenant_id: session.tenantId,
    sys_user_id: session.user.id,
    sys_user_code: session.user.username,
    sys_org_code: session.user.orgCode,
    sys_cid: session.user.cid,
    sys_date: now.slice(0, 10),
    ...partyParams(session),
  };
  for (const name of new Set(report.compiled.params)) {
    if (name in SYSTEM_PARAMS) {
      values[name] = system[name] ?? null;
      continue;
    }
    const given = query[`self_${name}`];
    const text =
      typeof given === 'string' && given !== ''
        ? given
        : (report.params.find((p) => p.paramName === name)?.paramValue ?? '');
    const problem = checkParamValue(report.types[name], text);
    if (problem) throw new ReportSqlError(`参数 ${name}: ${problem}`);
    values[name] = text === '' ? null : text;
  }
  return values;
}

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;

/** The search items' filters of a getData/exportXls query string (reference: `<f>` and `<f>_begin/_end`). */
export function searchFilters(items: ReportItem[], query: Record<string, unknown>): ReportFilter[] {
  const filters: ReportFilter[] = [];
  const text = (key: string) => {
    const v = query[key];
    return typeof v === 'string' ? v.trim().slice(0, 200) : '';
  };
  for (const item of items.filter((i) => i.isSearch === 1)) {
    const field = item.fieldName;
    const numeric = NUMERIC_FIELD_TYPES.has(item.fieldType);
    const dated = DATE_FIELD_TYPES.has(item.fieldType);
    const as = numeric ? 'numeric' : dated ? 'date' : 'text';
    const check = (value: string) => {
      if (numeric && !NUMBER.test(value)) throw new ReportSqlError(`${item.fieldTxt ?? field}: 请输入数字`);
      if (dated && !DATE.test(value)) throw new ReportSqlError(`${item.fieldTxt ?? field}: 请输入日期`);
      return dated ? value.slice(0, 10) : value;
    };
    if (item.searchMode === 'group') {
      const begin = text(`${field}_begin`);
      const end = text(`${field}_end`);
      if (begin) filters.push({ column: field, op: 'gte', value: check(begin), as });
      // An end date includes its whole day.
      if (end && dated) {
        const next = new Date(`${check(end)}T00:00:00Z`);
        next.setUTCDate(next.getUTCDate() + 1);
        filters.push({ column: field, op: 'lt', value: next.toISOString().slice(0, 10), as });
      } else if (end) filters.push({ column: field, op: 'lte', value: check(end), as });
      continue;
    }
    const value = text(field);
    if (!value) continue;
    // Dictionary fields and numbers match exactly; text matches anywhere.
    filters.push({
      column: field,
      op: as === 'text' && !item.dictCode ? 'contains' : 'eq',
      value: check(value),
      as,
    });
  }
  return filters;
}

/** Dictionary items of each dictionary-rendered column (code dictionaries and whitelisted table ones). */
export async function dictOptionsOf(
  db: DbOrTx,
  dicts: DictLookup,
  items: ReportItem[],
  session: Session,
): Promise<Record<string, DictItem[]>> {
  const options: Record<string, DictItem[]> = {};
  for (const item of items) {
    const code = item.dictCode?.trim();
    if (!code) continue;
    if (!code.includes(',')) {
      options[item.fieldName] = dicts.items(code);
      continue;
    }
    const resolved = tableDictOf(code, session);
    options[item.fieldName] = resolved ? await loadTableDictItems(db, resolved, session, { limit: 500 }) : [];
  }
  return options;
}
