// Change-password dialog: messages verbatim, policy from @freight/contracts.
import { MSG } from '@freight/contracts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../services/feedback';
import { useSession } from '../stores/session';
import { NewPasswordFields, usePasswordUpdate } from './auth/NewPasswordFields';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, update } = usePasswordUpdate('warning');
  const username = useSession((s) => s.username ?? s.userInfo?.username ?? null);

  const submit = async () => {
    const values = await form.validateFields();
    if (!username) {
      feedback.message.error(MSG.noLoginUser);
      return;
    }
    await update({ username, ...values }, () => {
      form.resetFields();
      onClose();
    });
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
        <NewPasswordFields hint={t('password.hint')} />
      </Form>
    </Modal>
  );
}
