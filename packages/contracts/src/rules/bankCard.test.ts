import { describe, expect, it } from 'vitest';
import { isBankCardNumber, isLuhnValid, luhnCheckDigit } from './bankCard.ts';

describe('Luhn', () => {
  it('computes the check digit (published sample 79927398713)', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });
  it('rejects non-digit input', () => {
    expect(() => luhnCheckDigit('12a')).toThrow(RangeError);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('12 3')).toBe(false);
  });
});

describe('isBankCardNumber', () => {
  it('accepts 12 to 19 digit numbers built with their check digit', () => {
    for (const payload of ['62220212345678', '621700123456789012', '43678101234567']) {
      expect(isBankCardNumber(payload + luhnCheckDigit(payload)), payload).toBe(true);
    }
    expect(isBankCardNumber('4111 1111 1111 1111')).toBe(true);
  });
  it('rejects a wrong check digit or length', () => {
    expect(isBankCardNumber('4111111111111112')).toBe(false);
    const short = '1234567890';
    expect(isBankCardNumber(short + luhnCheckDigit(short))).toBe(false);
    const long = '1234567890123456789';
    expect(isBankCardNumber(long + luhnCheckDigit(long))).toBe(false);
    expect(isBankCardNumber('4111-1111-1111-1111')).toBe(false);
  });
});
