import type { CheckRuleItem } from '@freight/contracts';

export interface CheckFailure extends CheckRuleItem {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

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
