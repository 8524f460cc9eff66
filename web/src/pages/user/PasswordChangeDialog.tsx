// The change-password dialog of a 406 login: the password is the initial one or too old. The
// short-lived token of the 406 answer opens /sys/user/updatePassword only; the caller then signs in.
import type { PasswordChangeRequired } from '@freight/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields, usePasswordUpdate } from '../../components/auth/NewPasswordFields';
import { AUTH_NS } from './components/authI18n';

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
  const { saving, update } = usePasswordUpdate();

  const submit = async () => {
    const values = await form.validateFields();
    await update(
      { username: required.username, oldpassword: oldPassword, ...values },
      () => onChanged(values.password),
      required.token,
    );
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
        <NewPasswordFields
          hint={t('passwordHint')}
          notSameAs={{ password: oldPassword, message: t('passwordChange.sameAsOld') }}
          autoFocus
          testIds={{ password: 'password-change-new', confirm: 'password-change-confirm' }}
        />
      </Form>
    </Modal>
  );
}
