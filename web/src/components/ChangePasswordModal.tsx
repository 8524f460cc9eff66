// Change-password dialog (spec §5): messages verbatim, policy from @freight/contracts.
import { isStrongPassword, MSG } from '@freight/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../services/authApi';
import { feedback } from '../services/feedback';
import { errorText, isHttpFailure } from '../services/request';
import { useSession } from '../stores/session';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const username = useSession((s) => s.username ?? s.userInfo?.username ?? null);

  const submit = async () => {
    const values = await form.validateFields();
    if (!username) {
      feedback.message.error(MSG.noLoginUser);
      return;
    }
    setSaving(true);
    try {
      const env = await authApi.updatePassword({ username, ...values });
      if (env.success) {
        feedback.message.success(env.message || MSG.passwordChanged);
        form.resetFields();
        onClose();
      } else {
        feedback.message.warning(env.message);
      }
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('password.title')}
      onOk={submit}
      confirmLoading={saving}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      destroyOnHidden
      data-testid="change-password-modal"
    >
      <Form form={form} layout="vertical" autoComplete="off">
        <Form.Item
          name="oldpassword"
          label={t('password.old')}
          rules={[{ required: true, message: MSG.oldPasswordRequired }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password.new')}
          extra={t('password.hint')}
          rules={[
            { required: true, message: MSG.newPasswordRequired },
            {
              validator: (_, value: string) =>
                !value || isStrongPassword(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(MSG.passwordPolicy)),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={t('password.confirm')}
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
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
