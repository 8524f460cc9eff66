import { driverBody, driverResource } from '@freight/contracts';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { fieldRules } from './fields';
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
