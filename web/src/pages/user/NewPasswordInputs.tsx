// The new password and its confirmation of the sign-up and password-reset cards: icon-prefixed inputs with
// the policy's hint and rules.
import { LockOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, newPasswordRules } from '../../components/auth/passwordRules';
import { AUTH_NS } from './components/authI18n';

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
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={passwordText.placeholder}
          aria-label={passwordText.label}
          autoComplete="new-password"
          data-testid={`${testId}-password`}
        />
      </Form.Item>
      <Form.Item name={confirmName} dependencies={['password']} rules={confirmRules()}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={ta('confirmPlaceholder')}
          aria-label={ta('confirmPassword')}
          autoComplete="new-password"
          data-testid={`${testId}-confirm`}
        />
      </Form.Item>
    </>
  );
}
