// /user/register: a customer staff account with a mobile proved by an SMS code (mode 1),
// then /user/register-result.
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usernameRules } from '../../components/auth/passwordRules';
import { useEnvelopeCall } from '../../components/auth/useEnvelopeCall';
import { authApi } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { AUTH_NS } from './components/authI18n';
import { MobileWithCode } from './components/SmsCodeInput';
import { NewPasswordInputs } from './NewPasswordInputs';
import { NewUsernameInput } from './NewUsernameInput';
import { SubmitRow } from './SubmitRow';
import './components/auth.css';

/** The account a sign-up creates (also the account part of a customer's sign-up). */
export interface RegisterValues {
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
  const [form] = Form.useForm<RegisterValues>();
  const { busy: submitting, call } = useEnvelopeCall();

  const submit = async (values: RegisterValues) => {
    const username = values.username.trim();
    const env = await call(() =>
      authApi.register({
        username,
        password: values.password,
        mobile: values.mobile.trim(),
        smscode: values.smscode,
      }),
    );
    if (!env?.success) return;
    feedback.message.success(env.message);
    navigate('/user/register-result', { state: { username } });
  };

  return (
    <section className="login-card auth-card-wide" data-testid="register-card">
      <h2 className="login-card-title">{ta('register.title')}</h2>
      <Form<RegisterValues> form={form} size="large" onFinish={submit} aria-label={ta('register.title')}>
        <Form.Item name="username" rules={usernameRules(ta, t('login.usernameRequired'))}>
          <NewUsernameInput aria-label={t('login.username')} data-testid="register-username" />
        </Form.Item>
        <NewPasswordInputs
          confirmName="confirm"
          passwordText={{ placeholder: t('login.passwordPlaceholder'), label: t('login.password') }}
          testId="register"
        />
        <MobileWithCode mode="1" testId="register" />
        <SubmitRow loading={submitting} testId="register-submit">
          {ta('register.submit')}
        </SubmitRow>
      </Form>
      <nav className="login-links">
        <Link to="/user/login">{ta('register.haveAccount')}</Link>
        <Link to="/customer/register">{ta('shipperRegister')}</Link>
      </nav>
    </section>
  );
}
