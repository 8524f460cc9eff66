import { describe, expect, it } from 'vitest';
import {
  creditCodeCheckChar,
  isMobile,
  isResidentId,
  isUnifiedSocialCreditCode,
  residentIdBirthDate,
  residentIdCheckChar,
} from './idNumbers.ts';

const today = new Date(2026, 0, 15);
const withCheck = (body: string) => body + residentIdCheckChar(body);

describe('resident ID (GB 11643)', () => {
  it('computes the check character (published sample ends in X)', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
    expect(() => residentIdCheckChar('1101051949123100')).toThrow(RangeError);
  });
  it('accepts IDs built with their check character, X in either case', () => {
    expect(isResidentId('11010519491231002X', today)).toBe(true);
    expect(isResidentId('11010519491231002x', today)).toBe(true);
    const built = withCheck('44030420000229123');
    expect(isResidentId(built, today)).toBe(true);
    expect(isResidentId(` ${built} `, today)).toBe(true);
  });
  it('rejects a wrong check character', () => {
    const good = withCheck('32010219800101123');
    const wrong = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    expect(isResidentId(wrong, today)).toBe(false);
  });
  it('rejects impossible, pre-1900 and future birth dates even with a right check', () => {
    expect(isResidentId(withCheck('44030420010229123'), today)).toBe(false);
    expect(isResidentId(withCheck('44030418991231123'), today)).toBe(false);
    expect(isResidentId(withCheck('44030420260116123'), today)).toBe(false);
    expect(isResidentId(withCheck('44030420260115123'), today)).toBe(true);
  });
  it('rejects bad shapes', () => {
    for (const bad of [
      '',
      '1101051949123100',
      '01010519491231002X',
      '1101051949123100XX',
      '11010519491231002Y',
    ]) {
      expect(isResidentId(bad, today), bad).toBe(false);
    }
  });
  it('reads the birth date', () => {
    expect(residentIdBirthDate('11010519491231002X')).toBe('1949-12-31');
    expect(residentIdBirthDate('11010519491331002X')).toBeNull();
    expect(residentIdBirthDate('abc')).toBeNull();
  });
  it('uses the current date by default', () => {
    expect(isResidentId('11010519491231002X')).toBe(true);
  });
});

describe('unified social credit code (GB 32100)', () => {
  it('computes the check character (published sample)', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(() => creditCodeCheckChar('91350100M000100I4')).toThrow(RangeError);
  });
  it('accepts codes built with their check character, in either case', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y43')).toBe(true);
    expect(isUnifiedSocialCreditCode('91350100m000100y43')).toBe(true);
    for (const body of ['91110000100000000', '12100000400000000', '5144030069000000X']) {
      expect(isUnifiedSocialCreditCode(body + creditCodeCheckChar(body)), body).toBe(true);
    }
  });
  it('maps a remainder of 0 to check character 0', () => {
    const bodies = ['91110000100000000', '91110000100000001', '91110000100000002'];
    const checks = bodies.map(creditCodeCheckChar);
    for (const check of checks) expect('0123456789ABCDEFGHJKLMNPQRTUWXY').toContain(check);
  });
  it('rejects a wrong check character', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100Y44')).toBe(false);
  });
  it('rejects forbidden characters, letters in the area code and wrong length', () => {
    expect(isUnifiedSocialCreditCode('91350100M000100I43')).toBe(false);
    expect(isUnifiedSocialCreditCode('9135A100M000100Y43')).toBe(false);
    expect(isUnifiedSocialCreditCode('91350100M000100Y4')).toBe(false);
  });
});

describe('isMobile', () => {
  it('accepts 1 then 3-9 then nine digits', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isMobile(' 19912345678 ')).toBe(true);
  });
  it('rejects other numbers', () => {
    for (const bad of ['12800138000', '1380013800', '138001380000', '+8613800138000'])
      expect(isMobile(bad), bad).toBe(false);
  });
});
