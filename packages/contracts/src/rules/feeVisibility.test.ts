import { describe, expect, it } from 'vitest';
import { feeViewers, OTHER_AGENT_ID, OWNING_AGENT_ID } from '../testing/index.ts';
import {
  agentOrderFeeText,
  billDriverFeeText,
  canSeeAgentOrderFees,
  canSeeBillDriverFee,
  HIDDEN_FEE,
  isAgentOrder,
  maskBillFees,
  maskOrderFees,
  orderFeeTotal,
} from './feeVisibility.ts';

const { system, owningAgent, customer } = feeViewers;

describe('agent order fees', () => {
  const order = {
    orderMode: '3',
    agentId: OWNING_AGENT_ID,
    driverFee: '100.00',
    agentFee: '5.00',
    customerFee: '120.00',
  };

  it('recognises mode 3 as string or number', () => {
    expect(isAgentOrder({ orderMode: '3' })).toBe(true);
    expect(isAgentOrder({ orderMode: 3 })).toBe(true);
    expect(isAgentOrder({ orderMode: '1' })).toBe(false);
    expect(isAgentOrder({})).toBe(false);
  });
  it('shows every fee of other modes to anyone', () => {
    expect(canSeeAgentOrderFees({ orderMode: '2', agentId: OWNING_AGENT_ID }, customer)).toBe(true);
  });
  it('shows mode 3 fees to system users', () => {
    expect(canSeeAgentOrderFees(order, system)).toBe(true);
  });
  it('shows mode 3 fees to the owning agent, comparing ids as text', () => {
    expect(canSeeAgentOrderFees(order, owningAgent)).toBe(true);
    expect(canSeeAgentOrderFees({ orderMode: '3', agentId: 7 }, { userType: 3, cid: '7' })).toBe(true);
  });
  it('hides mode 3 fees from others, and when ids are missing', () => {
    expect(canSeeAgentOrderFees(order, customer)).toBe(false);
    expect(canSeeAgentOrderFees({ orderMode: '3' }, { userType: 3, cid: undefined })).toBe(false);
    expect(canSeeAgentOrderFees({ orderMode: '3', agentId: '' }, { userType: 3, cid: '' })).toBe(false);
  });
  it('renders the value or --', () => {
    expect(agentOrderFeeText(order, owningAgent, order.driverFee)).toBe('100.00');
    expect(agentOrderFeeText(order, customer, order.driverFee)).toBe(HIDDEN_FEE);
  });
  it('masks only the named fields of a copy', () => {
    const masked = maskOrderFees(order, customer, ['driverFee', 'agentFee']);
    expect(masked).toEqual({ ...order, driverFee: '--', agentFee: '--' });
    expect(order.driverFee).toBe('100.00');
    const shown = maskOrderFees(order, system, ['driverFee']);
    expect(shown).toEqual(order);
    expect(shown).not.toBe(order);
  });
});

describe('bill driver fee', () => {
  it('shows to system users even for another agent', () => {
    expect(canSeeBillDriverFee({ agentId: OTHER_AGENT_ID }, system)).toBe(true);
  });
  it('shows when the bill has no agent', () => {
    expect(canSeeBillDriverFee({}, customer)).toBe(true);
    expect(canSeeBillDriverFee({ agentId: null }, customer)).toBe(true);
    expect(canSeeBillDriverFee({ agentId: '' }, customer)).toBe(true);
  });
  it('shows to the bill agent and hides from others', () => {
    expect(canSeeBillDriverFee({ agentId: OWNING_AGENT_ID }, owningAgent)).toBe(true);
    expect(canSeeBillDriverFee({ agentId: OTHER_AGENT_ID }, owningAgent)).toBe(false);
  });
  it('renders and masks accordingly', () => {
    expect(billDriverFeeText({ agentId: OTHER_AGENT_ID }, owningAgent, 12)).toBe('--');
    expect(billDriverFeeText({ agentId: OWNING_AGENT_ID }, owningAgent, 12)).toBe(12);
    const bill = { agentId: OTHER_AGENT_ID, driverFee: 12 };
    expect(maskBillFees(bill, owningAgent, ['driverFee'])).toEqual({
      agentId: OTHER_AGENT_ID,
      driverFee: '--',
    });
    expect(maskBillFees(bill, system, ['driverFee'])).toEqual(bill);
  });
});

describe('orderFeeTotal', () => {
  it('is agentFee for mode 3 and customerFee otherwise', () => {
    expect(orderFeeTotal({ orderMode: '3', agentFee: 5, customerFee: 120 })).toBe(5);
    expect(orderFeeTotal({ orderMode: '1', agentFee: 5, customerFee: 120 })).toBe(120);
  });
});
