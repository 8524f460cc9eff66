// /user/login3: the sign-in of customer staff (userType 2 and 6) through
// /sys/customerlogin. Staff of a frozen or rejected customer are refused with the server's reason; code 406
// (an initial or expired password) opens the change-password dialog first, as on the main login page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authApi } from '../../services/authApi';
import { AUTH_NS } from './components/authI18n';
import { PasswordSignInForm, usePasswordSignIn } from './PasswordSignIn';
import './components/auth.css';

// The captcha this page shows is always asked for: after a password change the user types the new image.
const captchaAsked = () => false;

export default function Login3() {
  const { t: ta } = useTranslation(AUTH_NS);
  const signIn = usePasswordSignIn(authApi.customerLogin, captchaAsked);

  return (
    <section className="login-card" data-testid="login3-card">
      <h2 className="login-card-title">{ta('login3.title')}</h2>
      <p className="auth-card-subtitle">{ta('login3.subtitle')}</p>
      <PasswordSignInForm signIn={signIn} testId="login3" label={ta('login3.title')} />
      <nav className="login-links">
        <Link to="/user/login?local=1">{ta('platformLogin')}</Link>
        <Link to="/customer/register">{ta('shipperRegister')}</Link>
      </nav>
      {signIn.dialog}
    </section>
  );
}
