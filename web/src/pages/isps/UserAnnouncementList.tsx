// 我的消息 (`/isps/userAnnouncement`, the bell's "view more"): every announcement delivered to the user,
// read or not, with filters; opening one marks it read and shows the notice dialog, or opens its
// page for openType "component" (notice detail dialog).
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import {
  type Announcement,
  formatDateTime,
  isConsolePath,
  PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
  type Page,
} from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Badge, Button, Card, Popconfirm, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { NoticeModal } from '../../components/NoticeModal';
import { toListQuery } from '../../components/resource/query';
import { pageTotalText, useBilingual } from '../../components/resource/text';
import type { Bilingual } from '../../components/resource/types';
import { api, errorText } from '../../services/request';

type MyAnnouncement = Announcement & { readFlag?: '0' | '1' };

const CATEGORY: Record<string, Bilingual> = {
  '1': ['通知公告', 'Notice'],
  '2': ['系统消息', 'System message'],
};
const READ_FLAG: Record<string, Bilingual> = { '0': ['未读', 'Unread'], '1': ['已读', 'Read'] };
const PRIORITY = {
  L: { label: ['一般', 'Normal'], color: 'blue' },
  M: { label: ['重要', 'Important'], color: 'orange' },
  H: { label: ['紧急', 'Urgent'], color: 'red' },
} as const;

export default function UserAnnouncementList() {
  const tx = useBilingual();
  /** A column searched by choosing one of its values. */
  const selectOf = (labels: Record<string, Bilingual>) => ({
    valueType: 'select' as const,
    fieldProps: { options: Object.entries(labels).map(([value, label]) => ({ value, label: tx(label) })) },
  });
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType>(undefined);
  const [detail, setDetail] = useState<Announcement | null>(null);

  const refreshBell = () => {
    void queryClient.invalidateQueries({ queryKey: ['announcements'] });
    void queryClient.invalidateQueries({ queryKey: ['pendingCounts'] });
  };

  const open = async (row: MyAnnouncement) => {
    if (row.readFlag !== '1') {
      try {
        await api.put('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: row.id });
        actionRef.current?.reload();
        refreshBell();
      } catch (error) {
        message.error(errorText(error));
      }
    }
    if (row.openType === 'component' && row.openPage && isConsolePath(row.openPage)) {
      const sep = row.openPage.includes('?') ? '&' : '?';
      navigate(row.busId ? `${row.openPage}${sep}id=${encodeURIComponent(row.busId)}` : row.openPage);
    } else setDetail(row);
  };

  const readAll = async () => {
    try {
      await api.put('/sys/sysAnnouncementSend/readAll', {});
      message.success(tx(['全部已读', 'All marked read']));
      actionRef.current?.reload();
      refreshBell();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  const columns: ProColumns<MyAnnouncement>[] = [
    {
      title: tx(['标题', 'Title']),
      dataIndex: 'titile',
      ellipsis: true,
      width: 260,
      fixed: 'left',
      render: (_d, row) => (
        <Typography.Link
          onClick={() => void open(row)}
          strong={row.readFlag !== '1'}
          data-testid="my-annt-title"
        >
          {row.readFlag !== '1' ? <Badge status="processing" /> : null} {row.titile}
        </Typography.Link>
      ),
    },
    {
      title: tx(['消息类型', 'Category']),
      dataIndex: 'msgCategory',
      width: 110,
      ...selectOf(CATEGORY),
      render: (_d, row) => tx(row.msgCategory === '2' ? CATEGORY['2'] : CATEGORY['1']),
    },
    {
      title: tx(['优先级', 'Priority']),
      dataIndex: 'priority',
      width: 90,
      search: false,
      render: (_d, row) => {
        const p = PRIORITY[row.priority] ?? PRIORITY.L;
        return <Tag color={p.color}>{tx(p.label)}</Tag>;
      },
    },
    { title: tx(['发布人', 'Sender']), dataIndex: 'sender', width: 110, search: false },
    {
      title: tx(['发布时间', 'Released']),
      dataIndex: 'sendTime',
      width: 170,
      search: false,
      render: (_d, row) => formatDateTime(row.sendTime ?? row.createTime),
    },
    {
      title: tx(['阅读状态', 'Read']),
      dataIndex: 'readFlag',
      width: 100,
      ...selectOf(READ_FLAG),
      render: (_d, row) =>
        row.readFlag === '1' ? <Tag>{tx(READ_FLAG['1'])}</Tag> : <Tag color="blue">{tx(READ_FLAG['0'])}</Tag>,
    },
    {
      title: tx(['操作', 'Actions']),
      valueType: 'option',
      width: 80,
      fixed: 'right',
      render: (_d, row) => (
        <Typography.Link key="view" onClick={() => void open(row)}>
          {tx(['查看', 'View'])}
        </Typography.Link>
      ),
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <ProTable<MyAnnouncement>
        rowKey="id"
        actionRef={actionRef}
        headerTitle={tx(['我的消息', 'My announcements'])}
        columns={columns}
        cardBordered={false}
        scroll={{ x: 900 }}
        search={{ labelWidth: 'auto', defaultCollapsed: true }}
        options={{ density: true, reload: true, setting: false, fullScreen: false }}
        pagination={{
          defaultPageSize: PAGE_SIZE,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: pageTotalText(tx),
        }}
        toolBarRender={() => [
          <Popconfirm
            key="readAll"
            title={tx(['确定全部标记为已读吗?', 'Mark everything read?'])}
            onConfirm={() => readAll()}
          >
            <Button data-testid="read-all">{tx(['全部已读', 'Mark all read'])}</Button>
          </Popconfirm>,
        ]}
        request={async (params, sort) => {
          const page = await api.get<Page<MyAnnouncement>>(
            '/sys/sysAnnouncementSend/getMyAnnouncementSend',
            toListQuery(params, sort),
          );
          return { data: page.records, total: page.total, success: true };
        }}
        data-testid="my-announcements"
      />
      <NoticeModal notice={detail} onClose={() => setDetail(null)} />
    </Card>
  );
}
