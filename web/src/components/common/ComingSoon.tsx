import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Honest placeholder for public pages that a later release builds fully. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="login-card">
      <Result
        status="info"
        title={title}
        subTitle={t('stub.comingSoon')}
        extra={
          <Link to="/user/login">
            <Button type="primary">{t('stub.backLogin')}</Button>
          </Link>
        }
      />
    </section>
  );
}
