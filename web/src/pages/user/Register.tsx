// /user/register: a customer staff account with a mobile proved by an SMS code (mode 1),
// then /user/register-result.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { errorText, isHttpFailure } from '../../services/request';
import { AUTH_NS } from './authI18n';
import { confirmRules, newPasswordRules, usernameRules } from './passwordRules';
import { MobileWithCode } from './SmsCodeInput';
import './auth.css';

interface Values {
  username: string;
  password: string;
  confirm: string;
  mobile: string;
  smscode: string;
}

export default function Register() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values) => {
    setSubmitting(true);
    try {
      const username = values.username.trim();
      const env = await authApi.register({
        username,
        password: values.password,
        mobile: values.mobile.trim(),
        smscode: values.smscode,
      });
      if (env.success) {
        feedback.message.success(env.message);
        navigate('/user/register-result', { state: { username } });
      } else {
        feedback.message.error(env.message);
      }
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="login-card auth-card-wide" data-testid="register-card">
      <h2 className="login-card-title">{ta('register.title')}</h2>
      <Form<Values> form={form} size="large" onFinish={submit} aria-label={ta('register.title')}>
        <Form.Item name="username" rules={usernameRules(ta, t('login.usernameRequired'))}>
          <Input
            prefix={<UserOutlined />}
            placeholder={ta('usernamePlaceholder')}
            aria-label={t('login.username')}
            autoComplete="username"
            maxLength={64}
            data-testid="register-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={newPasswordRules} extra={ta('passwordHint')}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            aria-label={t('login.password')}
            autoComplete="new-password"
            data-testid="register-password"
          />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={confirmRules()}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={ta('confirmPlaceholder')}
            aria-label={ta('confirmPassword')}
            autoComplete="new-password"
            data-testid="register-confirm"
          />
        </Form.Item>
        <MobileWithCode mode="1" testId="register" />
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
            {ta('register.submit')}
          </Button>
        </Form.Item>
      </Form>
      <nav className="login-links">
        <Link to="/user/login">{ta('register.haveAccount')}</Link>
        <Link to="/customer/register">{ta('shipperRegister')}</Link>
      </nav>
    </section>
  );
}
