// What the risk control tests look up and do by the API: warnings and parameter sets, a pay held by a
// warning, the handling of a warning.
import { expect } from 'vitest';
import type { FinanceKit } from '../modules/finance/financeTestKit.ts';
import type { Envelope } from './shippingKit.ts';

export interface RiskLookups {
  /** The warnings of a note, with the list's filters (rule, state). */
  warningsOf(noteId: string, query?: Record<string, string>): Promise<Array<Record<string, unknown>>>;
  /** The id of the platform's (first listed) parameter set of a rule. */
  paramId(ruleType: string): Promise<unknown>;
  /** Deletes the platform's (first listed) parameter set of a rule, as a test that added one leaves it. */
  dropParam(ruleType: string): Promise<void>;
  /**
   * Asks to pay the note and expects an open warning to hold the pay; answers the pay, to ask again with the
   * same idempotency key once the warning is handled.
   */
  payHeldByWarning(noteId: string, idempotencyKey: string): Promise<() => Promise<Envelope>>;
  /** Handles a warning as the admin (confirm, dismiss, escalate) and expects it to pass; `more` adds to the body. */
  handleWarning(id: unknown, action: string, reason: string, more?: object): Promise<Envelope>;
}

/** The look-ups through `k`: the admin's kit on the suite's app (`FinanceKit.funded`, as the tests pay notes). */
export function riskLookups(k: FinanceKit): RiskLookups {
  const paramId = async (ruleType: string) =>
    (await k.get('/risk/param/list', { ruleType })).result.records?.[0]?.id;
  return {
    warningsOf: async (noteId, query = {}) =>
      (await k.get('/risk/warning/list', { noteId, ...query })).result.records ?? [],
    paramId,
    dropParam: async (ruleType) => {
      await k.ok('DELETE', `/risk/param/delete?id=${await paramId(ruleType)}`);
    },
    payHeldByWarning: async (noteId, idempotencyKey) => {
      const pay = () => k.call('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey });
      const refused = await pay();
      expect(refused.success).toBe(false);
      expect(refused.message).toContain('风险预警');
      return pay;
    },
    handleWarning: (id, action, reason, more = {}) =>
      k.ok('POST', '/risk/warning/handle', { id, action, reason, ...more }),
  };
}
