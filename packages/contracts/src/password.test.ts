import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { isStrongPassword, strongPassword } from './password.ts';

describe('password policy', () => {
  it('needs 8 to 30 characters with upper case, lower case, digit and special character', () => {
    expect(isStrongPassword('Freight#2026')).toBe(true);
    expect(isStrongPassword('Aa1!aaaa')).toBe(true);
    expect(isStrongPassword(`Aa1!${'x'.repeat(26)}`)).toBe(true);
    for (const weak of [
      'Aa1!aaa', // 7
      `Aa1!${'x'.repeat(27)}`, // 31
      'freight#2026', // no upper case
      'FREIGHT#2026', // no lower case
      'Freight#Pass', // no digit
      'Freight2026x', // no special character
      '',
    ])
      expect(isStrongPassword(weak), weak).toBe(false);
  });

  it('answers with the messages the spec quotes', () => {
    expect(strongPassword.safeParse('').error?.issues[0]?.message).toBe(MSG.newPasswordRequired);
    expect(strongPassword.safeParse('abcdefgh').error?.issues[0]?.message).toBe(MSG.passwordPolicy);
    expect(MSG.passwordPolicy).toBe('密码不能少于8位，且包含大写字母、小写字母、数字、特殊符号!');
    expect(strongPassword.safeParse('Freight#2026').success).toBe(true);
  });
});
