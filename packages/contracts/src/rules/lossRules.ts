// Loss rules (亏吨设置): per customer, goods and route, the allowance and unit price an order takes
// when it is created. A blank field of a rule matches anything; the most specific matching rule wins.

export interface LossRuleLike {
  customerId?: string | null;
  goodsName?: string | null;
  loadCity?: string | null;
  unloadCity?: string | null;
  enabled?: boolean | null;
}

export interface LossRuleTarget {
  customerId?: string | null;
  goodsName?: string | null;
  loadCity?: string | null;
  unloadCity?: string | null;
}

const KEYS = ['customerId', 'goodsName', 'loadCity', 'unloadCity'] as const;

const blank = (value: string | null | undefined) =>
  value === null || value === undefined || value.trim() === '';

/** How many fields of the rule pin the order down, or -1 when the rule does not apply to it. */
export function lossRuleSpecificity(rule: LossRuleLike, target: LossRuleTarget): number {
  if (rule.enabled === false) return -1;
  let score = 0;
  for (const key of KEYS) {
    const wanted = rule[key];
    if (blank(wanted)) continue;
    if ((target[key] ?? '').trim() !== (wanted as string).trim()) return -1;
    score++;
  }
  return score;
}

/** The rule for an order: the most specific enabled rule that matches; on a tie the earlier one in the list. */
export function matchLossRule<R extends LossRuleLike>(
  rules: readonly R[],
  target: LossRuleTarget,
): R | undefined {
  let best: R | undefined;
  let bestScore = -1;
  for (const rule of rules) {
    const score = lossRuleSpecificity(rule, target);
    if (score > bestScore) {
      best = rule;
      bestScore = score;
    }
  }
  return best;
}
