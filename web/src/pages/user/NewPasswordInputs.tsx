// The new password and its confirmation of the sign-up and password-reset cards: icon-prefixed inputs with
// the policy's hint and rules.
import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../../components/auth/passwordRules';
import { AUTH_NS } from './components/authI18n';

/** A new password's input on the sign-up cards: the lock icon, and the browser may offer to generate one. */
export function NewPasswordInput(props: ComponentProps<typeof Input.Password>) {
  return <Input.Password prefix={<LockOutlined />} autoComplete="new-password" {...props} />;
}

export function NewPasswordInputs({
  confirmName,
  passwordText,
  testId,
}: {
  /** The confirmation's field name in the card's form. */
  confirmName: string;
  /** The password input's placeholder and accessible name. */
  passwordText: { placeholder: string; label: string };
  /** Prefix of the inputs' test ids (`<testId>-password`, `<testId>-confirm`). */
  testId: string;
}) {
  const { t: ta } = useTranslation(AUTH_NS);
  return (
    <>
      <Form.Item name="password" rules={newPasswordRules} extra={ta('passwordHint')}>
        <NewPasswordInput
          placeholder={passwordText.placeholder}
          aria-label={passwordText.label}
          data-testid={`${testId}-password`}
        />
      </Form.Item>
      <Form.Item name={confirmName} dependencies={['password']} rules={confirmRules()}>
        <NewPasswordInput
          placeholder={ta('confirmPlaceholder')}
          aria-label={ta('confirmPassword')}
          data-testid={`${testId}-confirm`}
        />
      </Form.Item>
    </>
  );
}
