// /user/register-result: the account registered on /user/register.
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AUTH_NS } from './components/authI18n';
import './components/auth.css';

export default function RegisterResult() {
  const { t: ta } = useTranslation(AUTH_NS);
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <section className="login-card auth-card-wide auth-result" data-testid="register-result">
      <Result
        status="success"
        title={ta('registerResult.title')}
        subTitle={username ? ta('registerResult.desc', { username }) : ta('registerResult.descNoName')}
        extra={[
          <Link key="login" to="/user/login">
            <Button type="primary">{ta('registerResult.login')}</Button>
          </Link>,
          <Link key="home" to="/home">
            <Button>{ta('registerResult.home')}</Button>
          </Link>,
        ]}
      />
    </section>
  );
}
