import { AUTH_MSG, LOGIN_SUCCESS_CODE, type LoginOptions, MSG } from '@freight/contracts';
import { Form, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useEnvelopeCall } from '../../components/auth/useEnvelopeCall';
import { authApi, rememberKey } from '../../services/authApi';
import { feedback } from '../../services/feedback';
import { isLeavingForSsoLogout, SSO_LOGGED_OUT } from '../../services/sessionActions';
import { AUTH_NS } from './components/authI18n';
import { MobileWithCode } from './components/SmsCodeInput';
import { casService, ExternalLogins, startCas } from './ExternalLogins';
import { PasswordSignInForm, usePasswordSignIn } from './PasswordSignIn';
import { SubmitRow } from './SubmitRow';
import { useCompleteLogin } from './useCompleteLogin';
import './components/auth.css';

interface PhoneForm {
  mobile: string;
  captcha: string;
}

type Tab = 'password' | 'phone';

/** Messages the server may send back in ?thirdError; anything else is shown as the generic failure. */
const KNOWN_MESSAGES = new Set<string>([...Object.values(AUTH_MSG), ...Object.values(MSG)]);

// A one-time secret (remember key, CAS ticket, third-party code) is exchanged once per page life even if
// React runs the arrival effect twice (StrictMode): a second use of a remember key would end its chain.
const exchanges = new Map<string, Promise<unknown>>();
function exchangeOnce<T>(id: string, run: () => Promise<T>): Promise<T> {
  let found = exchanges.get(id) as Promise<T> | undefined;
  if (!found) {
    found = run();
    exchanges.set(id, found);
  }
  return found;
}

export default function Login() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const [params, setParams] = useSearchParams();
  const redirect = params.get('redirect');
  const complete = useCompleteLogin();
  const [options, setOptions] = useState<LoginOptions | null>(null);
  const signIn = usePasswordSignIn(authApi.loginByUsername, () => Boolean(options && !options.captcha));
  const [phoneForm] = Form.useForm<PhoneForm>();
  const [tab, setTab] = useState<Tab>('password');
  const [busy, setBusy] = useState<string | null>(null);
  const { busy: submitting, call } = useEnvelopeCall();

  // Arrival: finish a CAS or third-party sign-in, else use the remember-me key, else go to CAS when on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, for the URL the page opened with
  useEffect(() => {
    let alive = true;
    const dropParams = (...names: string[]) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const name of names) next.delete(name);
          return next;
        },
        { replace: true },
      );
    const loaded = authApi
      .loginOptions()
      .then((env) => (env.success ? env.result : null))
      .catch(() => null);
    void loaded.then((o) => alive && setOptions(o));

    /**
     * Signs in with the one-time code an SSO round trip left in the address (`param`). A refused code shows
     * the form (with the SSO button) rather than bouncing back to the provider.
     */
    const signInWithCode = async (
      param: string,
      exchangeId: string,
      refused: string,
      call: () => ReturnType<typeof authApi.thirdLoginUser>,
    ) => {
      const env = await exchangeOnce(exchangeId, call).catch(() => null);
      if (!alive) return;
      if (env?.success) return complete(env.result);
      if (env) feedback.message.error(env.message || refused);
      dropParams(param);
      setBusy(null);
    };

    const arrive = async () => {
      const ticket = params.get('ticket');
      const thirdCode = params.get('thirdCode');
      const thirdError = params.get('thirdError');
      if (ticket) {
        setBusy(ta('ssoValidating'));
        return signInWithCode('ticket', `cas:${ticket}`, AUTH_MSG.casTicketInvalid, () =>
          authApi.validateCas(ticket, casService(redirect)),
        );
      }
      if (thirdCode) {
        setBusy(ta('thirdValidating'));
        return signInWithCode('thirdCode', `third:${thirdCode}`, AUTH_MSG.thirdCodeInvalid, () =>
          authApi.thirdLoginUser(thirdCode),
        );
      }
      if (thirdError) {
        feedback.message.error(KNOWN_MESSAGES.has(thirdError) ? thirdError : AUTH_MSG.thirdFailed);
        dropParams('thirdError');
        return;
      }
      const key = rememberKey.get();
      if (key) {
        setBusy(ta('autoLogin'));
        const env = await exchangeOnce(`remember:${key}`, () => authApi.remember(key)).catch(() => null);
        if (!alive) return;
        if (env?.success) return complete(env.result);
        rememberKey.set(null);
        if (env?.message) feedback.message.warning(env.message);
        setBusy(null);
      }
      const o = await loaded;
      // Still the document that logged out and is leaving for the CAS logout: keep the flag for the return.
      if (!alive || isLeavingForSsoLogout()) return;
      const loggedOutOfSso = sessionStorage.getItem(SSO_LOGGED_OUT);
      sessionStorage.removeItem(SSO_LOGGED_OUT);
      if (o?.cas && params.get('local') !== '1' && !loggedOutOfSso) {
        setBusy(ta('ssoRedirect'));
        startCas(o, redirect);
      }
    };
    void arrive();
    return () => {
      alive = false;
    };
  }, []);

  const submitPhone = async (values: PhoneForm) => {
    const env = await call(() => authApi.phoneLogin(values.mobile.trim(), values.captcha), 'silent');
    if (!env) return;
    if (env.success && Number(env.code) === LOGIN_SUCCESS_CODE) complete(env.result);
    else feedback.message.error(env.message || AUTH_MSG.smsCodeInvalid);
  };

  if (busy) {
    return (
      <section className="login-card auth-busy" data-testid="login-card" aria-busy="true">
        <Spin size="large" />
        <p data-testid="login-busy">{busy}</p>
      </section>
    );
  }

  return (
    <section className="login-card" data-testid="login-card">
      <h2 className="login-card-title">{t('login.welcomeBack')}</h2>
      <div className="auth-tabs" role="tablist" aria-label={t('login.title')}>
        {(['password', 'phone'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={tab === key}
            className={tab === key ? 'is-active' : undefined}
            onClick={() => setTab(key)}
            data-testid={`login-tab-${key}`}
          >
            {ta(`tabs.${key}`)}
          </button>
        ))}
      </div>

      {tab === 'password' ? (
        <PasswordSignInForm signIn={signIn} testId="login" label={ta('tabs.password')} />
      ) : (
        <Form<PhoneForm>
          key="phone"
          form={phoneForm}
          size="large"
          onFinish={submitPhone}
          aria-label={ta('tabs.phone')}
        >
          <MobileWithCode mode="0" codeField="captcha" testId="phone" />
          <SubmitRow loading={submitting} testId="phone-submit">
            {t('login.submit')}
          </SubmitRow>
        </Form>
      )}

      {options ? <ExternalLogins options={options} redirect={redirect} /> : null}

      <nav className="login-links">
        <Link to="/user/register">{ta('registerUser')}</Link>
        <Link to="/user/login3">{ta('customerLogin')}</Link>
        <Link to="/customer/register">{t('login.register')}</Link>
      </nav>

      {signIn.dialog}
    </section>
  );
}
