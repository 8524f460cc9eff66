import {
  RISK_RULE_TYPES,
  RISK_RULES,
  type RiskRuleType,
  type RiskSeverity,
  riskParamsOf,
  riskParamsSchema,
} from '@freight/contracts';
import { and, eq, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError } from '../../platform/http/errors.ts';
import { riskParam } from './schema.ts';

// The rules in force for a customer: its own rows over the platform's rows over the catalog's defaults.

export interface RuleSetting {
  type: RiskRuleType;
  enabled: boolean;
  severity: RiskSeverity;
  params: Record<string, number>;
}

export type RuleSettings = Record<RiskRuleType, RuleSetting>;

export async function settingsFor(
  tx: DbOrTx,
  tenantId: number,
  customerId: string | null,
): Promise<RuleSettings> {
  const rows = await tx
    .select()
    .from(riskParam)
    .where(
      and(
        eq(riskParam.tenantId, tenantId),
        customerId
          ? or(isNull(riskParam.customerId), eq(riskParam.customerId, customerId))
          : isNull(riskParam.customerId),
      ),
    );
  const out = {} as RuleSettings;
  for (const type of RISK_RULE_TYPES) {
    const platform = rows.find((r) => r.ruleType === type && !r.customerId);
    const own = rows.find((r) => r.ruleType === type && r.customerId);
    const row = own ?? platform;
    out[type] = {
      type,
      enabled: row ? row.enabled : true,
      severity: (row?.severity ?? RISK_RULES[type].severity) as RiskSeverity,
      params: riskParamsOf(type, { ...(platform?.params ?? {}), ...(own?.params ?? {}) }),
    };
  }
  return out;
}

/** Checks a parameter set against its rule's catalog; the refusal names the field. */
export function checkedParams(type: string, params: unknown): Record<string, number> {
  if (!(RISK_RULE_TYPES as readonly string[]).includes(type))
    throw bizError(`规则类型(ruleType)不存在：${type}`);
  const rule = type as RiskRuleType;
  const parsed = riskParamsSchema(rule).safeParse(params ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys')
      throw bizError(`参数(params)不认识的字段：${issue.keys.join('、')}`);
    const key = String(issue?.path?.[0] ?? '');
    const decl = RISK_RULES[rule].params[key];
    throw bizError(issue?.message ?? `参数${decl ? decl.label[0] : ''}(${key})不正确`);
  }
  return riskParamsOf(rule, parsed.data);
}
