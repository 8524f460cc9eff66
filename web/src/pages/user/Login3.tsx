// /user/login3 (spec §2; issue 4): the sign-in of customer staff (userType 2 and 6) through
// /sys/customerlogin. Staff of a frozen or rejected customer are refused with the server's reason.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { LOGIN_SUCCESS_CODE, MSG } from '@freight/contracts';
import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { errorText, isHttpFailure } from '../../services/request';
import { AUTH_NS } from './authI18n';
import { CaptchaRow, useCaptcha } from './useCaptcha';
import { useCompleteLogin } from './useCompleteLogin';
import './auth.css';

interface Values {
  username: string;
  password: string;
  captcha?: string;
  remember?: boolean;
}

export default function Login3() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const [form] = Form.useForm<Values>();
  const captcha = useCaptcha();
  const complete = useCompleteLogin();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Values) => {
    setSubmitting(true);
    const remember = Boolean(values.remember);
    try {
      const env = await authApi.customerLogin({
        username: values.username.trim(),
        password: values.password,
        captcha: values.captcha ?? '',
        checkKey: captcha.checkKey,
        remember_me: remember,
      });
      if (env.success && Number(env.code) === LOGIN_SUCCESS_CODE) {
        complete(env.result, { remember });
        return;
      }
      form.setFieldValue('captcha', '');
      captcha.refresh();
      feedback.message.error(env.message || MSG.badCredentials);
    } catch (err) {
      if (!isHttpFailure(err)) feedback.message.error(errorText(err));
      captcha.refresh();
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="login-card" data-testid="login3-card">
      <h2 className="login-card-title">{ta('login3.title')}</h2>
      <p className="auth-card-subtitle">{ta('login3.subtitle')}</p>
      <Form<Values>
        form={form}
        size="large"
        onFinish={submit}
        autoComplete="on"
        aria-label={ta('login3.title')}
      >
        <Form.Item
          name="username"
          rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.usernamePlaceholder')}
            aria-label={t('login.username')}
            autoComplete="username"
            autoFocus
            data-testid="login3-username"
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            aria-label={t('login.password')}
            autoComplete="current-password"
            data-testid="login3-password"
          />
        </Form.Item>
        <CaptchaRow captcha={captcha} />
        <div className="auth-row">
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox>{ta('rememberMe')}</Checkbox>
          </Form.Item>
          <Link to="/user/alteration">{ta('forgot')}</Link>
        </div>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting} data-testid="login3-submit">
            {t('login.submit')}
          </Button>
        </Form.Item>
      </Form>
      <nav className="login-links">
        <Link to="/user/login?local=1">{ta('platformLogin')}</Link>
        <Link to="/customer/register">{ta('shipperRegister')}</Link>
      </nav>
    </section>
  );
}
