// Form rules of a new password and its confirmation (messages verbatim).
import { isStrongPassword, MSG } from '@freight/contracts';
import type { FormRule } from 'antd';

export const newPasswordRules: FormRule[] = [
  { required: true, message: MSG.newPasswordRequired },
  {
    validator: (_, value: string) =>
      !value || isStrongPassword(value) ? Promise.resolve() : Promise.reject(new Error(MSG.passwordPolicy)),
  },
];

/** Confirmation of the field `passwordField`. */
export function confirmRules(passwordField = 'password'): FormRule[] {
  return [
    { required: true, message: MSG.confirmPasswordRequired },
    ({ getFieldValue }) => ({
      validator: (_, value: string) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(MSG.passwordMismatch)),
    }),
  ];
}

/** A user name as the server accepts it (2-64 of letters, digits and _ . @ -). */
export function usernameRules(t: (key: string) => string, requiredMessage: string): FormRule[] {
  return [
    { required: true, whitespace: true, message: requiredMessage },
    { pattern: /^[A-Za-z0-9_.@-]{2,64}$/, message: t('usernameFormat') },
  ];
}
