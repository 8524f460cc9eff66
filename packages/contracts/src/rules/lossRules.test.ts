import { describe, expect, it } from 'vitest';
import { matchLossRule } from './lossRules.ts';

describe('loss rules (亏吨设置)', () => {
  const order = { customerId: 'c1', goodsName: '螺纹钢', loadCity: '南京市', unloadCity: '上海市' };
  const general = { id: 'all', customerId: null, goodsName: null, loadCity: null, unloadCity: null };
  const customer = { id: 'customer', customerId: 'c1', goodsName: '', loadCity: null, unloadCity: null };
  const route = {
    id: 'route',
    customerId: 'c1',
    goodsName: '螺纹钢',
    loadCity: '南京市',
    unloadCity: '上海市',
  };

  it('takes the most specific matching rule', () => {
    expect(matchLossRule([general, customer, route], order)?.id).toBe('route');
    expect(matchLossRule([general, customer], order)?.id).toBe('customer');
    expect(matchLossRule([general], order)?.id).toBe('all');
  });

  it('skips rules of another customer, goods or route, and disabled ones', () => {
    expect(matchLossRule([{ ...route, unloadCity: '杭州市' }, general], order)?.id).toBe('all');
    expect(matchLossRule([{ ...customer, customerId: 'c2' }], order)).toBeUndefined();
    expect(matchLossRule([{ ...route, enabled: false }, customer], order)?.id).toBe('customer');
  });

  it('keeps the earlier of two equally specific rules', () => {
    expect(matchLossRule([{ ...customer, id: 'newer' }, customer], order)?.id).toBe('newer');
  });
});
