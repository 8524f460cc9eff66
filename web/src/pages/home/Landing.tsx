// Public landing page /home: platform name, logo, what the platform offers, login and registration.
import { AccountBookOutlined, AimOutlined, AuditOutlined, FileProtectOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformName } from '../../app/usePlatformSettings';
import { LanguageToggle } from '../../components/common/LanguageToggle';
import { PlatformFooter } from '../../components/common/PlatformFooter';
import { assetUrl, DEFAULT_LOGO_LIGHT } from '../../services/assets';
import { usePlatform } from '../../stores/platform';

const FEATURES = [
  { key: 'waybill', icon: <AuditOutlined /> },
  { key: 'track', icon: <AimOutlined /> },
  { key: 'finance', icon: <AccountBookOutlined /> },
  { key: 'compliance', icon: <FileProtectOutlined /> },
] as const;

export default function Landing() {
  const { t } = useTranslation();
  const settings = usePlatform((s) => s.settings);
  const name = usePlatformName();
  const logo = assetUrl(settings?.platform_logo_light, DEFAULT_LOGO_LIGHT);

  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <div className="landing" data-testid="landing">
      <header className="landing-bar">
        <Link to="/home" className="landing-brand">
          <img src={logo} alt="logo" />
          <span>{name}</span>
        </Link>
        <Space>
          <LanguageToggle />
          <Link to="/user/login">
            <Button type="primary">{t('landing.login')}</Button>
          </Link>
        </Space>
      </header>
      <section className="landing-hero">
        <img src={logo} alt="" className="landing-hero-logo" />
        <h1>{name}</h1>
        <p>{t('landing.tagline')}</p>
        <Space size="middle" wrap>
          <Link to="/user/login">
            <Button type="primary" size="large">
              {t('landing.login')}
            </Button>
          </Link>
          <Link to="/customer/register">
            <Button size="large">{t('landing.register')}</Button>
          </Link>
        </Space>
      </section>
      <section className="landing-features">
        <Row gutter={[24, 24]}>
          {FEATURES.map((f) => (
            <Col key={f.key} xs={24} sm={12} lg={6}>
              <Card className="landing-feature" variant="borderless">
                <div className="landing-feature-icon">{f.icon}</div>
                <h3>{t(`landing.features.${f.key}.title`)}</h3>
                <p>{t(`landing.features.${f.key}.desc`)}</p>
              </Card>
            </Col>
          ))}
        </Row>
      </section>
      <PlatformFooter settings={settings} />
    </div>
  );
}
