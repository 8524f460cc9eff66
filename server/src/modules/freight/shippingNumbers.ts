import type { DbOrTx } from '../../platform/db/client.ts';
// Numbers come from the system module's fill rules (generators safe under concurrency).
import { nextFillValue, sysFillRule } from '../system/index.ts';

/**
 * The fill rules behind order, waybill and complaint numbers. A rule an administrator has edited keeps
 * their parameters; a missing rule is created with these. Waybill numbers stay within the regulator's
 * 20 characters: 'YD' + YYYYMMDD + 6 digits = 16.
 */
const RULES = {
  shipping_note_no: { ruleName: '运单号', prefix: 'YD', digits: 6 },
  order_no: { ruleName: '货源单号', prefix: 'HY', digits: 5 },
  complaint_no: { ruleName: '投诉单号', prefix: 'TS', digits: 5 },
} as const;

export type NumberRule = keyof typeof RULES;

export async function nextNumber(tx: DbOrTx, code: NumberRule): Promise<string> {
  const rule = RULES[code];
  await tx
    .insert(sysFillRule)
    .values({
      ruleName: rule.ruleName,
      ruleCode: code,
      ruleClass: 'dateSerial',
      ruleParams: JSON.stringify({ prefix: rule.prefix, datePattern: 'YYYYMMDD', digits: rule.digits }),
      createBy: 'system',
    })
    .onConflictDoNothing({ target: sysFillRule.ruleCode });
  return nextFillValue(tx, code);
}
