// The set-up shared by the risk control tests: an app of their own, the admin's finance kit with the
// customer's wallet funded, and the look-ups of warnings and parameters by the API.
import { afterAll, beforeAll, expect } from 'vitest';
import { FinanceKit } from '../modules/finance/financeTestKit.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { CUSTOMERS, type Envelope } from './shippingKit.ts';

export interface RiskSuite {
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

/** Starts the suite's app before its tests and closes it after them; `ready` is handed the app and the kit. */
export function riskSuite(ready: (t: TestApp, k: FinanceKit) => void): RiskSuite {
  let kit: FinanceKit | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp();
    kit = new FinanceKit(app, await app.login('admin'));
    await kit.recharge(CUSTOMERS.hengda, 50_000_000);
    ready(app, kit);
  }, 120_000);
  afterAll(() => app?.close());
  const k = () => {
    if (!kit) throw new Error('the risk suite has not started');
    return kit;
  };
  const paramId = async (ruleType: string) =>
    (await k().get('/risk/param/list', { ruleType })).result.records?.[0]?.id;
  return {
    warningsOf: async (noteId, query = {}) =>
      (await k().get('/risk/warning/list', { noteId, ...query })).result.records ?? [],
    paramId,
    dropParam: async (ruleType) => {
      await k().ok('DELETE', `/risk/param/delete?id=${await paramId(ruleType)}`);
    },
    payHeldByWarning: async (noteId, idempotencyKey) => {
      const pay = () => k().call('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey });
      const refused = await pay();
      expect(refused.success).toBe(false);
      expect(refused.message).toContain('风险预警');
      return pay;
    },
    handleWarning: (id, action, reason, more = {}) =>
      k().ok('POST', '/risk/warning/handle', { id, action, reason, ...more }),
  };
}
