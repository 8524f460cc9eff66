// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the report placeholder syntax, not a template.
// Report SQL as written by a report author, turned into text + bound parameters (the reference
// spliced `${param}` into the SQL and its getData `order` was injectable). Pure: no database here.

export type ParamType = 'string' | 'number' | 'integer' | 'date';

/** The SQL type a placeholder is bound as: the author's SQL sees a typed value, never text to parse. */
export const PG_TYPE_OF: Record<ParamType, string> = {
  string: 'text',
  number: 'numeric',
  integer: 'integer',
  date: 'date',
};

/**
 * Placeholders the server fills from the signed-in session (reference data-rule variables); a request can
 * never set them.
 */
export const SYSTEM_PARAMS: Record<string, ParamType> = {
  sys_tenant_id: 'integer',
  sys_user_id: 'string',
  sys_user_code: 'string',
  sys_org_code: 'string',
  sys_cid: 'string',
  sys_date: 'date',
  /**
   * The caller's own party (a shipper's customer, an agent, a captain), NULL for platform staff. A saved report
   * that reads a party's rows filters by it (`(${sys_customer_id} is null or customer_id = ${sys_customer_id})`)
   * and only the party kinds its SQL names may run it (reportAccess.ts).
   */
  sys_customer_id: 'string',
  sys_agent_id: 'string',
  sys_captain_id: 'string',
};

export class ReportSqlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportSqlError';
  }
}

/** The SQL cut at its placeholders: `parts.length === params.length + 1`. */
export interface CompiledSql {
  parts: string[];
  /** Placeholder names in order of appearance (a name used twice appears twice). */
  params: string[];
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** Longest SQL a report may have; every check of it is one pass over the text. */
export const MAX_REPORT_SQL_CHARS = 20_000;
const MAX_NESTING = 32;
const isIdentChar = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_$]/.test(c);

/** Index just past the closing quote of a string literal starting at `start` (the opening quote). */
function skipString(text: string, start: number, escapes: boolean, noun: string): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i];
    if (escapes && c === '\\') {
      i += 2;
      continue;
    }
    if (c === "'") {
      if (text[i + 1] === "'") {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  throw new ReportSqlError(`${noun}中的引号没有闭合`);
}

function skipQuotedIdentifier(text: string, start: number, noun: string): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === '"') {
      if (text[i + 1] === '"') {
        i += 2;
        continue;
      }
      return i + 1;
    }
    i += 1;
  }
  throw new ReportSqlError(`${noun}中的双引号没有闭合`);
}

/**
 * Splits the author's SQL at its `${name}` placeholders. Refused: anything but one SELECT (or WITH … SELECT),
 * a second statement, comments (they hide text from reviewers and from this scanner), dollar quoting and
 * positional `$1` parameters (they would reach the bound values), and placeholders inside quotes (a bound
 * value cannot sit inside a literal: write `concat('%', ${name}, '%')`).
 */
export function compileReportSql(source: string): CompiledSql {
  return compileSqlStatement(source, {
    noun: '报表SQL',
    first: /^(select|with)\b/i,
    firstMessage: '报表SQL必须是一条 SELECT 查询',
    secondMessage: '报表SQL只能是一条查询语句',
  });
}

/** What kind of statement a compiled SQL must be, and how refusals name it. */
export interface StatementRule {
  noun: string;
  /** The statement's first word(s). */
  first: RegExp;
  firstMessage: string;
  /** The refusal of a second statement. */
  secondMessage: string;
  /** Further checks of the statement's words: the text with its literals blanked and placeholders as NULL. */
  words?: (plain: string) => void;
}

/** compileReportSql for another kind of single statement (an online form's SQL enhancement). */
export function compileSqlStatement(source: string, rule: StatementRule): CompiledSql {
  const noun = rule.noun;
  const text = source.trim().replace(/;\s*$/, '');
  if (!text) throw new ReportSqlError(`${noun}不能为空`);
  if (text.length > MAX_REPORT_SQL_CHARS) throw new ReportSqlError(`${noun}过长`);
  if (!rule.first.test(text)) throw new ReportSqlError(rule.firstMessage);
  let plain = '';
  const parts: string[] = [];
  const params: string[] = [];
  let partStart = 0;
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'") {
      const prev = text[i - 1];
      const escapes = (prev === 'e' || prev === 'E') && !isIdentChar(text[i - 2]);
      const end = skipString(text, i, escapes, noun);
      plain += ' ';
      const placeholder = /\$\{([^}]*)\}/.exec(text.slice(i, end));
      if (placeholder) throw new ReportSqlError(`参数 \${${placeholder[1]}} 不能写在引号内`);
      i = end;
    } else if (c === '"') {
      const end = skipQuotedIdentifier(text, i, noun);
      plain += text.slice(i, end);
      i = end;
    } else if (c === '-' && text[i + 1] === '-') {
      throw new ReportSqlError(`${noun}不能包含注释`);
    } else if (c === '/' && text[i + 1] === '*') {
      throw new ReportSqlError(`${noun}不能包含注释`);
    } else if (c === ';') {
      throw new ReportSqlError(rule.secondMessage);
    } else if (c === '(') {
      // The parser and planner recurse on nesting: bounded here, in one pass over the text.
      depth += 1;
      if (depth > MAX_NESTING) throw new ReportSqlError(`${noun}的括号嵌套不能超过 ${MAX_NESTING} 层`);
      plain += c;
      i += 1;
    } else if (c === ')') {
      depth -= 1;
      plain += c;
      i += 1;
    } else if (c === '$') {
      if (isIdentChar(text[i - 1]) && text[i + 1] !== '{') {
        // `$` inside an identifier (PostgreSQL allows it after the first character).
        plain += c;
        i += 1;
        continue;
      }
      if (text[i + 1] !== '{') throw new ReportSqlError(`${noun}中的 $ 只能用于 \${参数}`);
      const close = text.indexOf('}', i + 2);
      const name = close < 0 ? '' : text.slice(i + 2, close);
      if (!NAME.test(name)) throw new ReportSqlError(`参数名不正确: ${text.slice(i, i + 20)}`);
      parts.push(text.slice(partStart, i));
      params.push(name);
      plain += ' NULL ';
      i = close + 1;
      partStart = i;
    } else {
      plain += c;
      i += 1;
    }
  }
  rule.words?.(plain);
  parts.push(text.slice(partStart));
  return { parts, params };
}

/** Distinct placeholder names that are not system parameters, in order of first use. */
export function userParamNames(compiled: CompiledSql): string[] {
  return [...new Set(compiled.params.filter((name) => !(name in SYSTEM_PARAMS)))];
}

const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const INTEGER = /^-?\d{1,9}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The value as it will be bound, or an error message; empty text binds NULL. */
export function checkParamValue(type: ParamType, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (value.length > 200) return '参数值过长';
  if (type === 'number' && !NUMBER.test(value)) return '请输入数字';
  if (type === 'integer' && !INTEGER.test(value)) return '请输入整数';
  if (type === 'date' && (!DATE.test(value) || Number.isNaN(Date.parse(value))))
    return '请输入日期 YYYY-MM-DD';
  return null;
}

/** `"name"` with embedded quotes doubled: a column name from the database, safe in any SQL position. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
