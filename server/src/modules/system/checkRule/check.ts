import { z } from 'zod';

export interface CheckRuleItem {
  digits: string;
  pattern: string;
  message: string;
}

export interface CheckFailure extends CheckRuleItem {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
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

/**
 * The reference's checkValue: rules in order; digits "N" checks the next N characters (the cursor
 * advances; a value that ends before the cursor stops the checks), "*" checks the whole value without
 * moving the cursor. A pattern must match the whole checked text. Returns the first failure, or null.
 */
export function checkValue(rules: CheckRuleItem[], value: string): CheckFailure | null {
  if (!value) return null;
  const chars = Array.from(value);
  let beginIndex = 0;
  for (const rule of rules) {
    let checked: string;
    let range: { beginIndex?: number; endIndex?: number } = {};
    if (rule.digits === '*') {
      checked = value;
    } else {
      const n = Number.parseInt(rule.digits, 10);
      const endIndex = Math.min(beginIndex + n, chars.length);
      if (beginIndex > endIndex) break;
      checked = chars.slice(beginIndex, endIndex).join('');
      range = { beginIndex, endIndex };
      beginIndex += n;
    }
    const passed = new RegExp(`^(?:${rule.pattern})$`, 'u').test(checked);
    if (!passed) return { ...rule, ...range, checkValue: checked, passed: false };
  }
  return null;
}
