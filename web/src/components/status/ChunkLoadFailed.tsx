import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusPanel } from './StatusPanel';

/** Shown when a page's script or stylesheet chunk failed to load: a reload prompt. */
export function ChunkLoadFailed() {
  const { t } = useTranslation();
  return (
    <StatusPanel
      status="warning"
      title={t('page.chunkFailed')}
      subTitle={t('page.chunkFailedDesc')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="chunk-reload">
          {t('common.reload')}
        </Button>
      }
    />
  );
}
