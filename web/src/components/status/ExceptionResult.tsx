import { HOME_PATH } from '@freight/contracts';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Exception pages 403, 404, 500 with a back-home button. */
export function ExceptionResult({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={t(`page.exception${status}`)}
      data-testid={`exception-${status}`}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
