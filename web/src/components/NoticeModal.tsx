// Notice detail dialog: title, sender, send time, sanitised HTML; 去处理 only for openType url.
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import {
  type Announcement,
  formatDateTime,
  isConsolePath,
  isSafeOpenPage,
  NOTICE_MODAL_WIDTH,
} from '@freight/contracts';
import { Button, Descriptions, Modal, Tag } from 'antd';
import DOMPurify from 'dompurify';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const PRIORITY_COLOR = { L: 'blue', M: 'orange', H: 'red' } as const;

export function NoticeModal({ notice, onClose }: { notice: Announcement | null; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [full, setFull] = useState(false);
  const html = useMemo(() => DOMPurify.sanitize(notice?.msgContent ?? ''), [notice]);
  if (!notice) return null;

  const handle = () => {
    onClose();
    const page = notice.openPage;
    // Only a console path or an http(s) address is followed (never javascript: or data:).
    if (!page || !isSafeOpenPage(page, notice.openType)) return;
    if (isConsolePath(page)) navigate(page);
    else window.open(page, '_blank', 'noopener,noreferrer');
  };

  return (
    <Modal
      open
      data-testid="notice-modal"
      width={full ? '100%' : NOTICE_MODAL_WIDTH}
      style={full ? { top: 0, maxWidth: '100vw', paddingBottom: 0 } : { maxWidth: '100vw' }}
      styles={{ body: { height: full ? 'calc(100vh - 120px)' : '80vh', overflowY: 'auto' } }}
      title={
        <div className="notice-modal-title">
          <span>{notice.titile}</span>
          <Button
            type="text"
            size="small"
            aria-label={full ? t('notice.exitFullscreen') : t('notice.fullscreen')}
            icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
            onClick={() => setFull((v) => !v)}
          />
        </div>
      }
      onCancel={onClose}
      footer={
        <>
          <Button onClick={onClose}>{t('common.close')}</Button>
          {notice.openType === 'url' && notice.openPage ? (
            <Button type="primary" onClick={handle} data-testid="notice-handle">
              {t('notice.handle')}
            </Button>
          ) : null}
        </>
      }
    >
      <Descriptions size="small" column={{ xs: 1, sm: 3 }} className="notice-modal-meta">
        <Descriptions.Item label={t('notice.sender')}>{notice.sender || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('notice.sendTime')}>
          {formatDateTime(notice.sendTime ?? notice.createTime) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="">
          <Tag color={PRIORITY_COLOR[notice.priority] ?? 'blue'}>
            {t(`notice.priority${notice.priority ?? 'L'}`)}
          </Tag>
        </Descriptions.Item>
      </Descriptions>
      {/* Sanitised with DOMPurify: announcements carry HTML (architecture: HTML safety). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: content is sanitised above */}
      <div className="notice-modal-content" dangerouslySetInnerHTML={{ __html: html }} />
    </Modal>
  );
}
