import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { AUTH_NS } from './components/authI18n';
import { RegisteredResult } from './components/RegisteredResult';
import './components/auth.css';

export default function RegisterResult() {
  const { t: ta } = useTranslation(AUTH_NS);
  const username = (useLocation().state as { username?: string } | null)?.username;
  return (
    <section className="login-card auth-card-wide auth-result" data-testid="register-result">
      <RegisteredResult
        title={ta('registerResult.title')}
        subTitle={username ? ta('registerResult.desc', { username }) : ta('registerResult.descNoName')}
        login={{ to: '/user/login', text: ta('registerResult.login') }}
        home={ta('registerResult.home')}
      />
    </section>
  );
}
