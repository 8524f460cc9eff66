// Public landing page /home: platform name and logo, what the platform offers, how a
// shipper joins, and the ways in (console login, shipper login, shipper registration).
import {
  AccountBookOutlined,
  AimOutlined,
  AuditOutlined,
  CheckCircleOutlined,
  FileProtectOutlined,
  FormOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformName } from '../../app/usePlatformSettings';
import { LanguageToggle } from '../../components/common/LanguageToggle';
import { PlatformFooter } from '../../components/common/PlatformFooter';
import { assetUrl, DEFAULT_LOGIN_BG, DEFAULT_LOGO_LIGHT } from '../../services/assets';
import { usePlatform } from '../../stores/platform';
import { AUTH_NS } from '../user/components/authI18n';
import './landing.css';

const FEATURES = [
  { key: 'waybill', icon: <AuditOutlined /> },
  { key: 'track', icon: <AimOutlined /> },
  { key: 'finance', icon: <AccountBookOutlined /> },
  { key: 'compliance', icon: <FileProtectOutlined /> },
] as const;

const STEPS = [
  { key: 'apply', icon: <FormOutlined /> },
  { key: 'review', icon: <CheckCircleOutlined /> },
  { key: 'ship', icon: <SendOutlined /> },
] as const;

/** A card's heading and line, read from `<prefix>.title` and `<prefix>.desc`. */
function TitleAndDesc({ text, prefix }: { text: (key: string) => string; prefix: string }) {
  return (
    <>
      <h3>{text(`${prefix}.title`)}</h3>
      <p>{text(`${prefix}.desc`)}</p>
    </>
  );
}

/** A titled band of the page below the hero. */
function HomeSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={className ? `home-section ${className}` : 'home-section'}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export default function Landing() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation(AUTH_NS);
  const settings = usePlatform((s) => s.settings);
  const name = usePlatformName();
  const logo = assetUrl(settings?.platform_logo_light, DEFAULT_LOGO_LIGHT);
  const bg = assetUrl(settings?.bg, DEFAULT_LOGIN_BG);
  const subtitle = settings?.logo_title?.trim();

  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <div className="home" data-testid="landing">
      <header className="home-bar">
        <Link to="/home" className="home-brand" data-testid="landing-brand">
          <img src={logo} alt="logo" />
          <span>{name}</span>
        </Link>
        <div className="home-bar-actions">
          <LanguageToggle />
          <Link to="/user/login" className="home-bar-login">
            <Button type="primary">{t('landing.login')}</Button>
          </Link>
        </div>
      </header>

      <section className="home-hero" style={{ backgroundImage: `url("${bg}")` }}>
        <div className="home-hero-inner">
          <img src={logo} alt="" className="home-hero-logo" />
          <h1 data-testid="landing-title">{name}</h1>
          {subtitle && subtitle !== name ? <p className="home-hero-sub">{subtitle}</p> : null}
          <p className="home-hero-tagline">{t('landing.tagline')}</p>
          <div className="home-hero-actions">
            <Link to="/user/login">
              <Button type="primary" size="large" data-testid="landing-login">
                {t('landing.login')}
              </Button>
            </Link>
            <Link to="/customer/register">
              <Button size="large" data-testid="landing-register">
                {t('landing.register')}
              </Button>
            </Link>
          </div>
          <Link to="/user/login3" className="home-hero-link">
            {ta('home.customerLogin')} →
          </Link>
        </div>
      </section>

      <HomeSection title={ta('home.offerTitle')}>
        <div className="home-features">
          {FEATURES.map((f) => (
            <article key={f.key} className="home-feature">
              <div className="home-feature-icon">{f.icon}</div>
              <TitleAndDesc text={t} prefix={`landing.features.${f.key}`} />
            </article>
          ))}
        </div>
      </HomeSection>

      <HomeSection className="home-steps-section" title={ta('home.stepsTitle')}>
        <ol className="home-steps">
          {STEPS.map((s, i) => (
            <li key={s.key} className="home-step">
              <div className="home-step-icon">
                {s.icon}
                <span className="home-step-no">{i + 1}</span>
              </div>
              <TitleAndDesc text={ta} prefix={`home.steps.${s.key}`} />
            </li>
          ))}
        </ol>
      </HomeSection>

      <section className="home-cta">
        <h2>{ta('home.ctaTitle')}</h2>
        <Link to="/customer/register">
          <Button size="large" ghost>
            {ta('home.ctaButton')}
          </Button>
        </Link>
      </section>

      <PlatformFooter settings={settings} />
    </div>
  );
}
