// Single sign-on and third-party buttons of the login page, shown only when the server offers them.
import { ApiOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { LoginOptions } from '@freight/contracts';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../services/authApi';
import { AUTH_NS } from './components/authI18n';
import { stashRedirect } from './useCompleteLogin';

/** The service URL CAS sends the ticket back to; validation must present exactly the same one. */
export function casService(redirect: string | null): string {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return `${window.location.origin}/user/login${query}`;
}

export function startCas(options: LoginOptions, redirect: string | null): void {
  if (!options.cas) return;
  window.location.assign(`${options.cas.loginUrl}?service=${encodeURIComponent(casService(redirect))}`);
}

export function ExternalLogins({ options, redirect }: { options: LoginOptions; redirect: string | null }) {
  const { t } = useTranslation(AUTH_NS);
  if (!options.cas && options.third.length === 0) return null;
  return (
    <div className="auth-external" data-testid="external-logins">
      <div className="auth-divider">
        <span>{t('otherWays')}</span>
      </div>
      <div className="auth-external-buttons">
        {options.cas ? (
          <Button
            icon={<SafetyCertificateOutlined />}
            onClick={() => startCas(options, redirect)}
            data-testid="login-sso"
          >
            {t('sso')}
          </Button>
        ) : null}
        {options.third.map((p) => (
          <Button
            key={p.provider}
            icon={<ApiOutlined />}
            onClick={() => {
              stashRedirect(redirect);
              window.location.assign(authApi.thirdLoginUrl(p.provider));
            }}
            data-testid={`login-third-${p.provider}`}
          >
            {p.name}
          </Button>
        ))}
      </div>
    </div>
  );
}
