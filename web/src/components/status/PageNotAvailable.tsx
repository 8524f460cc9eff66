import { HOME_PATH } from '@freight/contracts';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The panel for a menu whose component has no page yet: never a blank screen. */
export function PageNotAvailable({ component, title }: { component: string; title?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // antd's Result keeps no data attributes: the wrapper carries the test id.
  return (
    <div data-testid="page-not-available">
      <Result
        status="info"
        title={`${t('page.notAvailableTitle')}：${title ?? component}`}
        subTitle={
          <>
            <div>{t('page.notAvailable')}</div>
            <Typography.Text type="secondary">
              {t('page.component')}：<Typography.Text code>{component || '—'}</Typography.Text>
            </Typography.Text>
          </>
        }
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
