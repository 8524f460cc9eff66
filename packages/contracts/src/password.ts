import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';

// 8–30 characters with upper case, lower case, digit and special character.
const POLICY = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).+$/;

export function isStrongPassword(value: string): boolean {
  return value.length >= PASSWORD_MIN_LENGTH && value.length <= PASSWORD_MAX_LENGTH && POLICY.test(value);
}

export const strongPassword = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .refine(isStrongPassword, MSG.passwordPolicy);
