import { App, Form, Input, Modal } from 'antd';
import { confirmRules, newPasswordRules } from '../../../components/auth/passwordRules';
import { useBilingual } from '../../../components/resource/text';
import { api, errorText } from '../../../services/request';

export function PasswordModal({ username, onClose }: { username: string | null; onClose: () => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  return (
    <Modal
      open={Boolean(username)}
      title={`${tx(['修改密码', 'Change password'])} · ${username ?? ''}`}
      destroyOnHidden
      onCancel={onClose}
      onOk={async () => {
        const values = await form.validateFields();
        try {
          await api.put('/sys/user/changePassword', { username, ...values });
          message.success(tx(['密码修改成功!', 'Password changed']));
          onClose();
        } catch (error) {
          message.error(errorText(error));
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="password" label={tx(['新密码', 'New password'])} rules={newPasswordRules}>
          <Input.Password autoComplete="new-password" data-testid="admin-password" />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={tx(['确认密码', 'Confirm password'])}
          dependencies={['password']}
          rules={confirmRules()}
        >
          <Input.Password autoComplete="new-password" data-testid="admin-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
