import {
  invertedRange,
  RISK_RULE_TYPES,
  RISK_RULES,
  type RiskRuleType,
  type RiskSeverity,
  riskParamsOf,
  riskParamsSchema,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
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

// The parameter rows are read on every judged step (each dispatch among them); they change rarely, by an
// operator on 风控参数. So a tenant's rows are kept in memory: dropped on every change through the resource
// (`riskParamsChanged`), and re-read after TTL_MS at the latest for writes that bypass it (another instance,
// SQL by hand). A read that started before a change is not kept (the generation moved on).
const TTL_MS = 30_000;
interface TenantEntry {
  rows: Array<typeof riskParam.$inferSelect>;
  at: number;
  byCustomer: Map<string, RuleSettings>;
}
const cache = new Map<number, TenantEntry>();
let generation = 0;

/** Forgets the cached parameter rows (after any change of risk_param). */
export function riskParamsChanged(): void {
  generation += 1;
  cache.clear();
}

async function tenantEntry(tx: DbOrTx, tenantId: number): Promise<TenantEntry> {
  const hit = cache.get(tenantId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit;
  const started = generation;
  const rows = await tx.select().from(riskParam).where(eq(riskParam.tenantId, tenantId));
  const entry: TenantEntry = { rows, at: Date.now(), byCustomer: new Map() };
  if (generation === started) cache.set(tenantId, entry);
  return entry;
}

function merged(rows: TenantEntry['rows'], customerId: string | null): RuleSettings {
  const out = {} as RuleSettings;
  for (const type of RISK_RULE_TYPES) {
    const platform = rows.find((r) => r.ruleType === type && !r.customerId);
    const own = customerId ? rows.find((r) => r.ruleType === type && r.customerId === customerId) : undefined;
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

/** The rules in force for a customer's waybill (shared, read-only: callers must not change it). */
export async function settingsFor(
  tx: DbOrTx,
  tenantId: number,
  customerId: string | null,
): Promise<RuleSettings> {
  const entry = await tenantEntry(tx, tenantId);
  const key = customerId ?? '';
  let settings = entry.byCustomer.get(key);
  if (!settings) {
    settings = merged(entry.rows, customerId);
    entry.byCustomer.set(key, settings);
  }
  return settings;
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
  // Checked with the defaults filled in: a high bound alone below the default low bound is inverted too.
  const checked = riskParamsOf(rule, parsed.data);
  const inverted = invertedRange(rule, checked);
  if (inverted) throw bizError(inverted);
  return checked;
}
