import { z } from 'zod';
import { requiredCode, requiredText } from './textFields.ts';

// Payloads of the developer tools of system administration (code check rules, fill rules,
// report data sources, gateway routes), shared by the console forms and the server routes.

const id = z.string().min(1).max(32);
const withId = <T extends z.ZodRawShape>(shape: T) => z.object({ id, ...shape });

/** A required name of up to `max` characters: "<label>不能为空" when it is missing. */
const requiredName = (label: string, max = 100) => requiredText(`${label}不能为空`, max);

/** A code others refer to (rule codes, data source codes, route ids): letters, digits, _ and -. */
export const identifierCode = (label: string, max = 100) =>
  requiredName(label, max).regex(/^[A-Za-z0-9_-]+$/, `${label}只能包含字母、数字、下划线和横线`);

/** What check and fill rules are found by. */
const ruleIdentity = { ruleName: requiredName('规则名称'), ruleCode: identifierCode('规则编码') };

// ---- code check rules ----------------------------------------------------------------------------------

export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

export const checkRuleItems = z
  .array(
    z.object({
      digits: z
        .union([z.string(), z.number()])
        .transform((v) => String(v).trim())
        .refine((v) => v === '*' || /^[1-9]\d{0,3}$/.test(v), '位数只能是正整数或 *'),
      pattern: z.string().min(1, '规则不能为空').max(500).refine(compiles, '正则表达式不正确'),
      message: z.string().trim().min(1, '提示文本不能为空').max(200),
    }),
  )
  .min(1, '至少需要一条规则')
  .max(50);

/** rule_json as stored: a JSON text of the ordered rules. */
export const ruleJsonText = z
  .string({ error: '规则JSON不能为空' })
  .max(4000)
  .transform((text, ctx) => {
    try {
      const parsed = checkRuleItems.safeParse(JSON.parse(text));
      if (parsed.success) return JSON.stringify(parsed.data);
      ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? '规则JSON不正确' });
    } catch {
      ctx.addIssue({ code: 'custom', message: '规则JSON不是有效的JSON' });
    }
    return z.NEVER;
  });

const checkRuleShape = {
  ...ruleIdentity,
  ruleJson: ruleJsonText,
  ruleDescription: z.string().max(500).nullish(),
};

export const checkRuleBody = z.object(checkRuleShape);
export const checkRuleEditBody = withId(checkRuleShape);

// ---- fill rules -----------------------------------------------------------------------------------------

const fillRuleShape = {
  ...ruleIdentity,
  ruleClass: requiredName('规则实现'),
  ruleParams: z.string().max(2000).nullish(),
};

export const fillRuleBody = z.object(fillRuleShape);
export const fillRuleEditBody = withId(fillRuleShape);

// ---- report data sources --------------------------------------------------------------------------------

export const DB_TYPES = ['postgresql', 'mysql', 'mariadb'] as const;

/** The connection settings a data source is tested and opened with. */
export const dataSourceConnection = {
  dbType: z.enum(DB_TYPES, { error: '数据库类型只能是 postgresql、mysql 或 mariadb' }),
  dbHost: requiredCode('请输入主机', 255, /^[A-Za-z0-9.:_-]+$/, '主机不正确'),
  dbPort: z.coerce.number().int('端口不正确').min(1, '端口不正确').max(65_535, '端口不正确'),
  dbName: requiredText('请输入数据库名', 100),
  dbUsername: requiredText('请输入用户名', 100),
  dbPassword: z.string().max(200).nullish(),
};
const REPORT_TABLE = /^[A-Za-z_][A-Za-z0-9_$]*\.(?:\*|[A-Za-z_][A-Za-z0-9_$]*)$/;

/**
 * The tables a report may read on a data source: `schema.table` or `schema.*`, separated by commas, blanks
 * or new lines. Nothing is readable until listed; system catalogs never are.
 */
export function reportTablesOf(text: string | null | undefined): Array<{ schema: string; table: string }> {
  return (text ?? '')
    .split(/[\s,，]+/)
    .filter(Boolean)
    .map((entry) => {
      const [schema, table] = entry.toLowerCase().split('.');
      return { schema, table };
    });
}

const reportTablesText = z
  .string()
  .max(2000)
  .nullish()
  .refine(
    (text) =>
      (text ?? '')
        .split(/[\s,，]+/)
        .filter(Boolean)
        .every((entry) => REPORT_TABLE.test(entry) && !/^(pg_catalog|information_schema)\./i.test(entry)),
    '可读表写作 schema.table 或 schema.*，用逗号或换行分隔（不能是系统目录）',
  );

const dataSourceShape = {
  code: identifierCode('编码'),
  name: requiredName('名称'),
  remark: z.string().max(200).nullish(),
  reportTables: reportTablesText,
  ...dataSourceConnection,
};

export const dataSourceBody = z.object(dataSourceShape);
export const dataSourceEditBody = withId(dataSourceShape);

// ---- gateway routes -------------------------------------------------------------------------------------

/** Path patterns of a predicates JSON: ["/api/**"] or the reference's [{name:"Path", args:["/api/**"]}]. */
export function pathPatterns(predicates: string | null | undefined): string[] {
  if (!predicates?.trim()) return [];
  const parsed = JSON.parse(predicates) as unknown;
  if (!Array.isArray(parsed)) throw new Error('路由断言必须是数组');
  const out: string[] = [];
  for (const item of parsed) {
    if (typeof item === 'string') out.push(item);
    else if (item && typeof item === 'object' && (item as { name?: string }).name === 'Path') {
      const args = (item as { args?: unknown }).args;
      const values = Array.isArray(args) ? args : args && typeof args === 'object' ? Object.values(args) : [];
      for (const v of values) if (typeof v === 'string') out.push(v);
    } else throw new Error('路由断言只支持路径（Path）');
  }
  for (const p of out) if (!/^\/[\w\-./*{}]*$/.test(p) || p.length > 200) throw new Error(`路径不正确：${p}`);
  return out;
}

const STRIP_PREFIX_RANGE = '去除前缀段数只能是 0 到 10';

const gatewayRouteShape = {
  routerId: identifierCode('路由ID', 50),
  name: requiredName('路由名称'),
  uri: z
    .string({ error: '服务地址不能为空' })
    .trim()
    .max(500)
    .refine((u) => {
      try {
        const url = new URL(u);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.search && !url.hash;
      } catch {
        return false;
      }
    }, '服务地址必须是 http(s):// 地址'),
  predicates: z
    .string()
    .max(2000)
    .nullish()
    .refine((p) => {
      try {
        pathPatterns(p);
        return true;
      } catch {
        return false;
      }
    }, '路由断言格式不正确，应为路径数组，如 ["/api/**"]'),
  filters: z.string().max(2000).nullish(),
  stripPrefix: z.coerce
    .number()
    .int(STRIP_PREFIX_RANGE)
    .min(0, STRIP_PREFIX_RANGE)
    .max(10, STRIP_PREFIX_RANGE)
    .optional(),
  retryable: z.coerce.number().int().min(0).max(1).optional(),
  persistable: z.coerce.number().int().min(0).max(1).optional(),
  showApi: z.coerce.number().int().min(0).max(1).optional(),
  status: z.coerce.number().int().min(0).max(1).optional(),
};

export const gatewayRouteBody = z.object(gatewayRouteShape);
export const gatewayRouteEditBody = withId(gatewayRouteShape);
