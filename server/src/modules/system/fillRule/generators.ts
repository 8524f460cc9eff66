import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysFillRule, sysFillRuleCounter } from '../adminSchema.ts';

/** A value generator a fill rule names in rule_class. */
export interface FillGenerator {
  title: string;
  params: z.ZodType;
  next(db: DbOrTx, ruleCode: string, params: unknown, now: Date): Promise<string>;
  /** The value `next` would give now, without using it up (the screen's "generate a sample"). */
  peek(db: DbOrTx, ruleCode: string, params: unknown, now: Date): Promise<string>;
}

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;
const DATE_TOKENS = /YYYY|YY|MM|DD|HH|mm|ss/g;

/** Formats `now` in China time with YYYY, YY, MM, DD, HH, mm, ss tokens. */
export function formatDatePattern(pattern: string, now: Date): string {
  const d = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  const parts: Record<string, string> = {
    YYYY: String(d.getUTCFullYear()),
    YY: String(d.getUTCFullYear()).slice(2),
    MM: pad(d.getUTCMonth() + 1),
    DD: pad(d.getUTCDate()),
    HH: pad(d.getUTCHours()),
    mm: pad(d.getUTCMinutes()),
    ss: pad(d.getUTCSeconds()),
  };
  return pattern.replace(DATE_TOKENS, (token) => parts[token]);
}

/**
 * Bumps a counter row and returns its new value in one statement: concurrent callers serialise on the
 * row, so every caller gets a different value.
 */
export async function bumpCounter(db: DbOrTx, key: string): Promise<number> {
  const [row] = await db
    .insert(sysFillRuleCounter)
    .values({ counterKey: key, value: 1 })
    .onConflictDoUpdate({
      target: sysFillRuleCounter.counterKey,
      set: { value: sql`${sysFillRuleCounter.value} + 1`, updateTime: sql`now()` },
    })
    .returning({ value: sysFillRuleCounter.value });
  return Number(row.value);
}

/**
 * The serial padded to its digits. A serial that outgrows them widens by a digit rather than failing: a
 * used-up sequence would stop every order and waybill (a waybill number stays within the regulator's 20
 * characters: 'YD' + date + 7 digits is 17).
 */
function serialValue(head: string, n: number, digits: number): string {
  return `${head}${String(n).padStart(digits, '0')}`;
}

const dateSerialParams = z
  .object({
    prefix: z
      .string()
      .max(20)
      .regex(/^[A-Za-z0-9_-]*$/, '前缀只能包含字母、数字、下划线和横线')
      .default(''),
    datePattern: z
      .string()
      .max(20)
      .refine(
        (p) => /^[-_/]*$/.test(p.replace(DATE_TOKENS, '')),
        '日期格式只能由 YYYY、YY、MM、DD、HH、mm、ss 组成',
      )
      .default('YYYYMMDD'),
    digits: z.number().int().min(1).max(12).default(4),
  })
  .strict();

export const FILL_GENERATORS: Record<string, FillGenerator> = {
  /** prefix + date + serial (restarts with every new date text), e.g. YD202611220001. */
  dateSerial: {
    title: '日期流水号',
    params: dateSerialParams,
    async next(db, ruleCode, params, now) {
      const { prefix, datePattern, digits } = params as z.infer<typeof dateSerialParams>;
      const head = `${prefix}${formatDatePattern(datePattern, now)}`;
      return serialValue(head, await bumpCounter(db, `${ruleCode}:${head}`), digits);
    },
    async peek(db, ruleCode, params, now) {
      const { prefix, datePattern, digits } = params as z.infer<typeof dateSerialParams>;
      const head = `${prefix}${formatDatePattern(datePattern, now)}`;
      const [row] = await db
        .select({ value: sysFillRuleCounter.value })
        .from(sysFillRuleCounter)
        .where(eq(sysFillRuleCounter.counterKey, `${ruleCode}:${head}`));
      return serialValue(head, Number(row?.value ?? 0) + 1, digits);
    },
  },
};

export function parseFillParams(ruleClass: string, text: string | null | undefined): unknown {
  const generator = FILL_GENERATORS[ruleClass];
  if (!generator) throw bizError(`规则实现不存在：${ruleClass}`);
  let value: unknown = {};
  if (text?.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      throw bizError('规则参数不是有效的JSON');
    }
  }
  const parsed = generator.params.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw bizError(`规则参数不正确：${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
  }
  return parsed.data;
}

/** The next value of the fill rule `code` (e.g. a waybill number); never the same twice. */
export async function nextFillValue(db: DbOrTx, code: string, now = new Date()): Promise<string> {
  const [rule] = await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, code));
  if (!rule) throw bizError('该编码不存在');
  const params = parseFillParams(rule.ruleClass, rule.ruleParams);
  return FILL_GENERATORS[rule.ruleClass].next(db, rule.ruleCode, params, now);
}

/** The value `nextFillValue` would give now, without using it up. */
export async function previewFillValue(db: DbOrTx, code: string, now = new Date()): Promise<string> {
  const [rule] = await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, code));
  if (!rule) throw bizError('该编码不存在');
  const params = parseFillParams(rule.ruleClass, rule.ruleParams);
  return FILL_GENERATORS[rule.ruleClass].peek(db, rule.ruleCode, params, now);
}

/** A sample of what a rule (saved or still being edited) generates, without using a number up. */
export async function sampleFillValue(
  db: DbOrTx,
  rule: { ruleCode: string; ruleClass: string; ruleParams?: string | null },
  now = new Date(),
): Promise<string> {
  const params = parseFillParams(rule.ruleClass, rule.ruleParams);
  return FILL_GENERATORS[rule.ruleClass].peek(db, rule.ruleCode, params, now);
}
