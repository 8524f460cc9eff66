import { ExportOutlined } from '@ant-design/icons';
import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Menu item rendered as an iframe (meta.url, internalOrExternal false). */
export default function IframePageView({ url, title }: { url?: string; title?: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(true);
  if (!url) return <Result status="warning" title={t('page.notAvailable')} />;
  return (
    <div className="iframe-page" data-testid="iframe-page">
      <div className="iframe-page-bar">
        <Button
          size="small"
          type="link"
          icon={<ExportOutlined />}
          href={url}
          target="_blank"
          rel="noreferrer"
        >
          {t('page.iframeOpen')}
        </Button>
      </div>
      <Spin spinning={loading}>
        <iframe
          src={url}
          title={title ?? url}
          className="iframe-page-frame"
          onLoad={() => setLoading(false)}
        />
      </Spin>
    </div>
  );
}
