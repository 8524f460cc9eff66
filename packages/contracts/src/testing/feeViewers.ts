// The viewers the fee-visibility tests (rules/feeVisibility.ts and presentFees of shipping.ts) show records
// to: platform staff, the agent owning the records, another agent and a shipper. Test-only: imported as
// `@freight/contracts/testing`.
import { USER_TYPE } from '../constants.ts';
import type { FeeViewer } from '../rules/feeVisibility.ts';

/** The agent the test records belong to (their `agentId`), and another one. */
export const OWNING_AGENT_ID = 'A1';
export const OTHER_AGENT_ID = 'A2';

export const feeViewers = {
  system: { userType: USER_TYPE.system, cid: null },
  owningAgent: { userType: USER_TYPE.agent, cid: OWNING_AGENT_ID },
  otherAgent: { userType: USER_TYPE.agent, cid: OTHER_AGENT_ID },
  customer: { userType: USER_TYPE.customer, cid: 'C1' },
} satisfies Record<string, FeeViewer>;
