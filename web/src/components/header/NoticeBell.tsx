// Header bell: pending counts (polled every 650000 ms) and announcements.
import { BellOutlined, RightOutlined } from '@ant-design/icons';
import { type Announcement, formatDateTime, isConsolePath, NOTICE_POLL_MS } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Empty, List, type ListProps, Popover, Spin, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { noticeApi } from '../../services/noticeApi';
import { useAnnouncementPush } from '../../services/userSocket';
import { NoticeModal } from '../NoticeModal';
import { ANNOUNCEMENTS_PATH, PENDING_LINKS, pendingBadgeCount } from './pendingLinks';

export function NoticeBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Announcement | null>(null);

  const counts = useQuery({
    queryKey: ['pendingCounts'],
    queryFn: noticeApi.pendingCounts,
    refetchInterval: NOTICE_POLL_MS,
    refetchIntervalInBackground: true,
    retry: false,
  });
  const announcements = useQuery({
    queryKey: ['announcements'],
    queryFn: noticeApi.listByUser,
    refetchInterval: NOTICE_POLL_MS,
    retry: false,
  });
  const badge = pendingBadgeCount(counts.data);
  const annList = [...(announcements.data?.anntMsgList ?? []), ...(announcements.data?.sysMsgList ?? [])];
  const annTotal = (announcements.data?.anntMsgTotal ?? 0) + (announcements.data?.sysMsgTotal ?? 0);

  const go = (path: string) => {
    setOpen(false);
    navigate(path);
  };

  const openAnnouncement = (item: Announcement) => {
    setOpen(false);
    // Opening marks it read and reloads the counts.
    noticeApi
      .markRead(item.id)
      .catch(() => undefined)
      .finally(() => {
        void queryClient.invalidateQueries({ queryKey: ['announcements'] });
        void queryClient.invalidateQueries({ queryKey: ['pendingCounts'] });
      });
    if (item.openType === 'component' && item.openPage && isConsolePath(item.openPage)) {
      const sep = item.openPage.includes('?') ? '&' : '?';
      navigate(item.busId ? `${item.openPage}${sep}id=${encodeURIComponent(item.busId)}` : item.openPage);
    } else {
      setDetail(item);
    }
  };

  // Releases arrive over /websocket/{userId}: the lists refresh and the announcement can be opened at once.
  useAnnouncementPush((id) => {
    noticeApi
      .byId(id)
      .then(openAnnouncement)
      .catch(() => undefined);
  });

  const pendingTab = (
    <NoticeList
      loading={counts.isLoading}
      emptyText={t('header.noPending')}
      dataSource={counts.isError ? [] : PENDING_LINKS}
      renderItem={({ key, path }) => {
        const n = Number(counts.data?.[key] ?? 0);
        return (
          <List.Item
            className={`notice-row ${n > 0 ? 'notice-row-active' : ''}`}
            data-testid={`pending-${key}`}
            onClick={() => go(path)}
            actions={[<RightOutlined key="go" />]}
          >
            <div className="notice-row-body">
              <span>{t(`pending.${key}`)}</span>
              <Badge count={n} showZero overflowCount={9999} color={n > 0 ? undefined : '#d9d9d9'} />
            </div>
          </List.Item>
        );
      }}
    />
  );

  const announcementTab = (
    <NoticeList
      loading={announcements.isLoading}
      emptyText={t('header.noAnnouncement')}
      dataSource={annList}
      renderItem={(item) => (
        <List.Item
          className="notice-row"
          onClick={() => openAnnouncement(item)}
          data-testid="announcement-item"
        >
          <List.Item.Meta
            title={
              <span>
                {item.priority === 'H' ? <Tag color="red">{t('notice.priorityH')}</Tag> : null}
                {item.titile}
              </span>
            }
            description={formatDateTime(item.sendTime ?? item.createTime)}
          />
        </List.Item>
      )}
    />
  );

  const content = (
    <div className="notice-popover" data-testid="notice-popover">
      <Tabs
        centered
        size="small"
        items={[
          { key: 'notice', label: t('header.noticeTab'), children: pendingTab },
          {
            key: 'announcement',
            label: `${t('header.announcementTab')}${annTotal ? ` (${annTotal})` : ''}`,
            children: announcementTab,
          },
        ]}
      />
      <div className="notice-popover-footer">
        <Button type="link" block onClick={() => go(ANNOUNCEMENTS_PATH)} data-testid="notice-more">
          {t('header.viewMore')}
        </Button>
      </div>
    </div>
  );

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          // Opening the bell shows what is current, whatever became of the last poll or push.
          if (next) {
            void announcements.refetch();
            void counts.refetch();
          }
        }}
        content={content}
        arrow={false}
        overlayClassName="notice-popover-overlay"
      >
        <Button
          type="text"
          aria-label={t('header.notices')}
          data-testid="notice-bell"
          className="header-action"
        >
          <Badge count={badge} size="small" data-testid="notice-badge">
            <BellOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Popover>
      <NoticeModal notice={detail} onClose={() => setDetail(null)} />
    </>
  );
}

/** A tab of the bell: its list with a spinner while it loads and a note when it is empty. */
function NoticeList<T>({
  loading,
  emptyText,
  ...list
}: { loading: boolean; emptyText: string } & Pick<ListProps<T>, 'dataSource' | 'renderItem'>) {
  return (
    <Spin spinning={loading}>
      <List<T>
        className="notice-list"
        size="small"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        {...list}
      />
    </Spin>
  );
}
