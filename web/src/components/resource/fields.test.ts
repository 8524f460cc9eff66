import {
  customerResource,
  dictResource,
  driverBody,
  driverResource,
  positionResource,
} from '@freight/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { displayValue, fieldRules, fromFormValues, toFormValues } from './fields';
import type { ResourceField } from './types';

const tx = (text: readonly [string, string] | string | undefined) =>
  typeof text === 'string' ? text : (text?.[0] ?? '');

const idCard = { name: 'idCard', ...driverResource.fields.idCard } as ResourceField;

async function check(value: string, stored?: string): Promise<string | null> {
  for (const rule of fieldRules(idCard, driverBody, tx, stored)) {
    const validator = (rule as RuleObject).validator;
    if (!validator) continue;
    try {
      await validator(rule as RuleObject, value, () => {});
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

describe('form rules of a masked field', () => {
  it('let the masked number the edit form opened with go back unchanged, and check any other', async () => {
    const masked = '320102********838X';
    expect(await check(masked, masked)).toBeNull();
    expect(await check(masked)).toBe('请输入正确的身份证号');
    expect(await check('320102********8381', masked)).toBe('请输入正确的身份证号');
  });
});

describe('a rate in basis points', () => {
  const rate = { name: 'serviceRateBp', ...customerResource.fields.serviceRateBp } as ResourceField;

  it('opens in the form as a percentage and goes back as basis points', () => {
    expect(toFormValues([rate], { serviceRateBp: 650 }).serviceRateBp).toBe(6.5);
    expect(fromFormValues([rate], { serviceRateBp: 6.5 }).serviceRateBp).toBe(650);
    expect(fromFormValues([rate], { serviceRateBp: 0.05 }).serviceRateBp).toBe(5);
  });

  it("is labelled and shown in the user's words, not in basis points", () => {
    expect(rate.label?.[0]).not.toContain('基点');
    expect(displayValue(rate, { serviceRateBp: 650 }, {}, tx)).toBe('6.50%');
  });
});

describe('a field of fixed options', () => {
  it('shows the label of the value, not the stored code, with or without a dictionary kind', () => {
    const valueType = { name: 'type', ...dictResource.fields.type } as ResourceField;
    const rank = { name: 'postRank', ...positionResource.fields.postRank } as ResourceField;
    expect(displayValue(valueType, { type: 0 }, {}, tx)).toBe('字符串');
    expect(displayValue(valueType, { type: 1 }, {}, tx)).toBe('数字');
    expect(displayValue(rank, { postRank: '3' }, {}, tx)).toBe('3级');
  });
});
