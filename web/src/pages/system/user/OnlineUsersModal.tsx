// Signed-in sessions (reference online users) and forced sign-out.
import { formatDateTime } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Grid, Modal, Popconfirm, Table, Typography } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api, errorText } from '../../../services/request';

interface OnlineSession {
  token: string;
  username: string;
  realname: string;
  ip?: string | null;
  loginTime: string;
  expiresAt: string;
}

export function OnlineUsersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const sessions = useQuery({
    queryKey: ['sys', 'onlineUsers'],
    queryFn: () => api.get<OnlineSession[]>('/sys/online/list'),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Modal
      open={open}
      title={tx(['在线用户', 'Online users'])}
      width={screens.md ? 860 : '100%'}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <Table<OnlineSession>
        rowKey="token"
        size="small"
        loading={sessions.isFetching}
        dataSource={sessions.data ?? []}
        scroll={{ x: 700 }}
        pagination={{ pageSize: 10 }}
        data-testid="online-users"
        columns={[
          { title: tx(['用户账号', 'Account']), dataIndex: 'username', width: 130 },
          { title: tx(['用户姓名', 'Name']), dataIndex: 'realname', width: 110 },
          { title: 'IP', dataIndex: 'ip', width: 130 },
          {
            title: tx(['登录时间', 'Signed in']),
            dataIndex: 'loginTime',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: tx(['过期时间', 'Expires']),
            dataIndex: 'expiresAt',
            width: 170,
            render: (v: string) => formatDateTime(v),
          },
          {
            title: tx(['操作', 'Actions']),
            key: 'actions',
            width: 100,
            render: (_v, row) =>
              can('system:user:frozen') && (
                <Popconfirm
                  title={tx(['确定强制该用户退出吗?', 'Sign this session out?'])}
                  onConfirm={async () => {
                    try {
                      await api.post('/sys/online/forceLogout', { token: row.token });
                      message.success(tx(['已强制退出', 'Signed out']));
                      await sessions.refetch();
                    } catch (error) {
                      message.error(errorText(error));
                    }
                  }}
                >
                  <Typography.Link type="danger">{tx(['强退', 'Sign out'])}</Typography.Link>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Modal>
  );
}
