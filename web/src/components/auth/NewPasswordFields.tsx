// The new password and its confirmation, with the policy and messages of /sys/user/updatePassword, and the
// call itself: shared by the change-password dialog of the user menu and the one a 406 login opens.
import { MSG } from '@freight/contracts';
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { confirmRules, newPasswordRules } from './passwordRules';
import { useEnvelopeCall } from './useEnvelopeCall';

interface Props {
  hint: ReactNode;
  /** Refuses the password the user is changing from, with this message. */
  notSameAs?: { password: string; message: string };
  autoFocus?: boolean;
  testIds?: { password: string; confirm: string };
}

export function NewPasswordFields({ hint, notSameAs, autoFocus, testIds }: Props) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="password"
        label={t('password.new')}
        extra={hint}
        rules={[
          ...newPasswordRules,
          {
            validator: (_, value: string) =>
              !value || !notSameAs || value !== notSameAs.password
                ? Promise.resolve()
                : Promise.reject(new Error(notSameAs.message)),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} data-testid={testIds?.password} />
      </Form.Item>
      <Form.Item
        name="confirmpassword"
        label={t('password.confirm')}
        dependencies={['password']}
        rules={confirmRules()}
      >
        <Input.Password autoComplete="new-password" data-testid={testIds?.confirm} />
      </Form.Item>
    </>
  );
}

type UpdateBody = Parameters<typeof authApi.updatePassword>[0];

/**
 * Sends a password change: success is announced and `onDone` runs; a refusal is shown as the server words it
 * (`refusal` picks warning or error); an HTTP failure was already shown by the request layer.
 */
export function usePasswordUpdate(refusal: 'warning' | 'error' = 'error') {
  const { busy: saving, call } = useEnvelopeCall();
  const update = async (body: UpdateBody, onDone: () => void, scopedToken?: string) => {
    const env = await call(() => authApi.updatePassword(body, scopedToken), refusal);
    if (!env?.success) return;
    feedback.message.success(env.message || MSG.passwordChanged);
    onDone();
  };
  return { saving, update };
}
