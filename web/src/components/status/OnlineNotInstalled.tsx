import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Online-form / online-report screens: their module is not installed yet (no fake data). */
export function OnlineNotInstalled({ component, title }: { component: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      data-testid="online-not-installed"
      title={title ? `${title} · ${t('page.onlineNotInstalled')}` : t('page.onlineNotInstalled')}
      subTitle={
        <>
          <div>{t('page.onlineNotInstalledDesc')}</div>
          <Typography.Text type="secondary">
            {t('page.component')}：<Typography.Text code>{component}</Typography.Text>
          </Typography.Text>
        </>
      }
    />
  );
}
