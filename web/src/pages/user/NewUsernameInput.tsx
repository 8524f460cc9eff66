// The user name chosen on the sign-up cards (a staff account, a customer's account): the user icon, the
// naming hint and the length the server keeps.
import { UserOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_NS } from './components/authI18n';

export function NewUsernameInput(props: ComponentProps<typeof Input>) {
  const { t: ta } = useTranslation(AUTH_NS);
  return (
    <Input
      prefix={<UserOutlined />}
      placeholder={ta('usernamePlaceholder')}
      autoComplete="username"
      maxLength={64}
      {...props}
    />
  );
}
