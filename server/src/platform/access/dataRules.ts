import { type AnyColumn, eq, gt, gte, ilike, inArray, lt, lte, ne, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../auth/session.ts';
import { escapeLike } from '../db/likePattern.ts';
import { formatDateTime } from '../http/envelope.ts';
import { type FieldMap, never } from '../resource/query.ts';
import type { DataRuleRow } from './grants.ts';

export interface RuleContext {
  user: SessionUser;
  tenantId: number;
  /** Org codes of every department the user belongs to (for #{sys_multi_org_code}). */
  orgCodes: string[];
}

/** Replaces `#{var}` with the signed-in user's value; text after the closing brace is kept (reference). */
export function resolveRuleValue(raw: string, ctx: RuleContext): string | string[] {
  const now = formatDateTime(new Date());
  const vars: Record<string, string | string[]> = {
    sys_user_code: ctx.user.username,
    sys_user_name: ctx.user.realname,
    sys_org_code: ctx.user.orgCode ?? '',
    sys_multi_org_code: ctx.orgCodes,
    sys_date: now.slice(0, 10),
    sys_time: now.slice(11),
    tenant_id: String(ctx.tenantId),
  };
  const whole = /^#\{(\w+)\}$/.exec(raw);
  if (whole && Array.isArray(vars[whole[1]])) return vars[whole[1]];
  return raw.replace(/#\{(\w+)\}/g, (_, name: string) => {
    const v = vars[name];
    return Array.isArray(v) ? v.join(',') : (v ?? '');
  });
}

function toCamel(column: string): string {
  return column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** The reference's comparison operators of a rule, by their upper-case name. */
const COMPARISONS = new Map<string, (column: AnyColumn, value: string) => SQL>([
  ['=', eq],
  ['!=', ne],
  ['<>', ne],
  ['>', gt],
  ['>=', gte],
  ['<', lt],
  ['<=', lte],
]);

/** The reference's text-match operators: where the escaped value stands in the pattern. */
const LIKE_PATTERNS = new Map<string, (escaped: string) => string>([
  ['LIKE', (escaped) => `%${escaped}%`],
  ['LEFT_LIKE', (escaped) => `%${escaped}`],
  ['RIGHT_LIKE', (escaped) => `${escaped}%`],
]);

/**
 * Turns granted data rules into bound conditions. A rule on a column the resource does not declare is
 * refused (the condition matches nothing) rather than silently ignored: a rule nobody can apply must not
 * widen what a role sees. Raw-SQL rules of the reference are not supported, on purpose.
 */
export function dataRuleConditions(rules: DataRuleRow[], fields: FieldMap, ctx: RuleContext): SQL[] {
  const out: SQL[] = [];
  for (const rule of rules) {
    const spec = fields[rule.ruleColumn] ?? fields[toCamel(rule.ruleColumn)];
    const value = resolveRuleValue(rule.ruleValue, ctx);
    if (!spec) {
      out.push(never);
      continue;
    }
    const col = spec.column;
    const text = Array.isArray(value) ? value.join(',') : value;
    const list = Array.isArray(value) ? value : text.split(',').filter(Boolean);
    // A variable the user has no value for (no current department…) must not turn "LIKE 'A01%'" into
    // "LIKE '%'": the rule then matches nothing.
    if (rule.ruleValue.includes('#{') && list.length === 0) {
      out.push(never);
      continue;
    }
    const operator = rule.ruleConditions.toUpperCase();
    const compare = COMPARISONS.get(operator);
    const pattern = LIKE_PATTERNS.get(operator);
    if (compare) out.push(compare(col, text));
    else if (pattern) out.push(ilike(col, pattern(escapeLike(text))));
    else if (operator === 'IN') out.push(list.length ? inArray(col, list) : never);
    else out.push(never);
  }
  return out;
}
