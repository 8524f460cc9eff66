import { RISK_RULES, RISK_SEVERITY, type RiskRuleType, SHIPPING_STATUS } from '@freight/contracts';
import { asc, between } from 'drizzle-orm';
import type { Db } from '../../platform/db/client.ts';
import { hyShippingNote } from '../freight/index.ts';
import { judgeStep } from './eventRules.ts';
import { raiseWarnings } from './warnings.ts';

// Judges waybills that already went through their steps (imported, or written while the rules were not
// listening, as the demo data is) with the rules in force: each step they passed is judged as it would have
// been, and what the rules find becomes a warning (a refusal can no longer refuse: it is raised instead).

const STEPS_BY_STATUS: Array<[number, string]> = [
  [SHIPPING_STATUS.dispatched, 'dispatch'],
  [SHIPPING_STATUS.loaded, 'load'],
  [SHIPPING_STATUS.unloaded, 'unload'],
  [SHIPPING_STATUS.signed, 'sign'],
];

export async function rejudgeNotes(
  db: Db,
  operator = 'system',
): Promise<{ notes: number; warnings: number }> {
  const notes = await db
    .select()
    .from(hyShippingNote)
    .where(between(hyShippingNote.status, SHIPPING_STATUS.dispatched, SHIPPING_STATUS.completed))
    .orderBy(asc(hyShippingNote.createTime))
    .limit(10_000);
  let warnings = 0;
  for (const note of notes) {
    const raised = await db.transaction(async (tx) => {
      const findings = [];
      for (const [status, action] of STEPS_BY_STATUS)
        if (note.status >= status)
          findings.push(
            ...(await judgeStep(tx, { action, note, before: null }, undefined, { refuse: false })).filter(
              // what a rule would have refused then is not raised after the fact
              (f) => !(f.severity === RISK_SEVERITY.block && RISK_RULES[f.rule as RiskRuleType]?.refusable),
            ),
          );
      return raiseWarnings(db, tx, note, findings, 'rejudge', operator);
    });
    warnings += raised.length;
  }
  return { notes: notes.length, warnings };
}
