import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ChunkLoadFailed } from '../components/status/ChunkLoadFailed';
import { StatusPanel } from '../components/status/StatusPanel';
import { isChunkLoadError } from './chunkLoad';

/** errorElement of the router: a failed lazy route chunk gets the reload prompt. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) return <ChunkLoadFailed />;
  return (
    <StatusPanel
      status="error"
      title={t('page.crashed')}
      subTitle={error instanceof Error ? error.message : t('page.exception500')}
      extra={
        <Button type="primary" href="/">
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
