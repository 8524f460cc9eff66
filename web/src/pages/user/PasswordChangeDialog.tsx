// The change-password dialog of a 406 login (issue 4): the password is the initial one or too old. The
// short-lived token of the 406 answer opens /sys/user/updatePassword only; the caller then signs in.
import { isStrongPassword, MSG, type PasswordChangeRequired } from '@freight/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { errorText, isHttpFailure } from '../../services/request';
import { AUTH_NS } from './authI18n';

interface Values {
  password: string;
  confirmpassword: string;
}

interface Props {
  required: PasswordChangeRequired;
  /** The password just typed on the login form: it is the old password of the change. */
  oldPassword: string;
  onChanged: (newPassword: string) => void;
  onCancel: () => void;
}

export default function PasswordChangeDialog({ required, oldPassword, onChanged, onCancel }: Props) {
  const { t } = useTranslation(AUTH_NS);
  const { t: tc } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      const env = await authApi.updatePassword(
        { username: required.username, oldpassword: oldPassword, ...values },
        required.token,
      );
      if (env.success) {
        feedback.message.success(env.message || MSG.passwordChanged);
        onChanged(values.password);
      } else {
        feedback.message.error(env.message);
      }
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('passwordChange.title')}
      okText={t('passwordChange.submit')}
      cancelText={tc('common.cancel')}
      onOk={submit}
      onCancel={onCancel}
      confirmLoading={saving}
      maskClosable={false}
      destroyOnHidden
      width={440}
      data-testid="password-change-dialog"
    >
      <Alert
        type="warning"
        showIcon
        className="auth-dialog-alert"
        message={required.reason === 'initial' ? t('passwordChange.initial') : t('passwordChange.expired')}
      />
      <Form form={form} layout="vertical" autoComplete="off" onFinish={submit}>
        <Form.Item label={t('passwordChange.account')}>
          <Input value={required.username} disabled />
        </Form.Item>
        <Form.Item
          name="password"
          label={tc('password.new')}
          extra={t('passwordHint')}
          rules={[
            { required: true, message: MSG.newPasswordRequired },
            {
              validator: (_, value: string) =>
                !value || isStrongPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.passwordPolicy)),
            },
            {
              validator: (_, value: string) =>
                !value || value !== oldPassword
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('passwordChange.sameAsOld'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" autoFocus data-testid="password-change-new" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={tc('password.confirm')}
          dependencies={['password']}
          rules={[
            { required: true, message: MSG.confirmPasswordRequired },
            ({ getFieldValue }) => ({
              validator: (_, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.passwordMismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="password-change-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
