import { describe, expect, it } from 'vitest';
import {
  canTransition,
  driverRating,
  orderBody,
  presentFees,
  SHIPPING_STATUS,
  SHIPPING_TRANSITIONS,
} from './shipping.ts';
import { feeViewers, OWNING_AGENT_ID } from './testing/index.ts';

const { system, owningAgent, otherAgent, customer } = feeViewers;

describe('fee visibility of notes and orders', () => {
  const agentNote = {
    orderMode: 3,
    agentId: OWNING_AGENT_ID,
    driverFee: 300_000,
    agentFee: 5_000,
    serviceFee: 29_670,
    customerFee: 334_670,
  };
  it('shows an agent order to system users and the owning agent, "--" to others', () => {
    expect(presentFees(agentNote, system)).toMatchObject({ driverFee: 300_000, feeTotal: 5_000 });
    expect(presentFees(agentNote, owningAgent)).toMatchObject({ driverFee: 300_000, agentFee: 5_000 });
    for (const viewer of [otherAgent, customer]) {
      const seen = presentFees(agentNote, viewer);
      expect(seen).toMatchObject({ driverFee: '--', agentFee: '--', serviceFee: '--', feeTotal: '--' });
      // what the shipper pays stays visible
      expect(seen.customerFee).toBe(334_670);
    }
  });
  it('fee total is customerFee outside agent orders, and nothing is hidden there', () => {
    const note = { orderMode: 1, agentId: null, driverFee: 1, agentFee: 0, customerFee: 2 };
    expect(presentFees(note, customer)).toMatchObject({ driverFee: 1, feeTotal: 2 });
  });
  it('hides the driver fee of a record another agent owns (bill rule)', () => {
    const note = { orderMode: 1, agentId: OWNING_AGENT_ID, driverFee: 1, customerFee: 2 };
    expect(presentFees(note, otherAgent).driverFee).toBe('--');
    expect(presentFees(note, owningAgent).driverFee).toBe(1);
    expect(presentFees(note, system).driverFee).toBe(1);
  });
});

describe('waybill state machine', () => {
  it('allows only the drawn transitions', () => {
    expect(canTransition('accept', SHIPPING_STATUS.dispatched)).toBe(true);
    expect(canTransition('accept', SHIPPING_STATUS.accepted)).toBe(false);
    expect(canTransition('cancel', SHIPPING_STATUS.accepted)).toBe(true);
    expect(canTransition('cancel', SHIPPING_STATUS.loaded)).toBe(false);
    expect(canTransition('void', SHIPPING_STATUS.audited)).toBe(false);
    // every step moves forward by one along the happy path
    const path = ['accept', 'load', 'depart', 'unload', 'sign', 'audit'] as const;
    path.forEach((action, i) => {
      expect(SHIPPING_TRANSITIONS[action].from).toContain(i);
      expect(SHIPPING_TRANSITIONS[action].to).toBe(i + 1);
    });
  });
});

describe('order payload', () => {
  const valid = {
    customerId: 'c',
    goodsName: '螺纹钢',
    loadCity: '南京市',
    loadAddress: '栖霞区',
    unloadCity: '上海市',
    unloadAddress: '宝山区',
    plannedWeightG: 32_000_000,
    driverUnitPriceFen: 15_000,
  };
  it('needs an agent on agent orders and a sane gross-up rate', () => {
    expect(orderBody.safeParse(valid).success).toBe(true);
    const noAgent = orderBody.safeParse({ ...valid, orderMode: 3 });
    expect(noAgent.error?.issues[0].message).toBe('经纪人订单必须选择经纪人');
    expect(orderBody.safeParse({ ...valid, serviceFeeMode: 2, serviceFeeValue: 10_000 }).success).toBe(false);
    expect(orderBody.safeParse({ ...valid, driverUnitPriceFen: 0 }).success).toBe(false);
  });
});

describe('driver rating', () => {
  it('averages the three scores to a mark out of 100', () => {
    expect(driverRating([])).toBe(100);
    expect(driverRating([{ punctuality: 5, service: 4, cargoSafety: 5 }])).toBe(93); // 14/15
    expect(
      driverRating([
        { punctuality: 5, service: 5, cargoSafety: 5 },
        { punctuality: 1, service: 1, cargoSafety: 1 },
      ]),
    ).toBe(60);
  });
});
