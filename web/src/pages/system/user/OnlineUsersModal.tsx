// Signed-in sessions (reference online users) and forced sign-out.
import { formatDateTime } from '@freight/contracts';
import { Popconfirm, Typography } from 'antd';
import { QueryTableModal, useModalRows } from '../../../components/common/QueryTableModal';
import { useRefetchingChange } from '../../../components/common/useRefetchingChange';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api } from '../../../services/request';

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
  const sessions = useModalRows<OnlineSession>('onlineUsers', '/sys/online/list', open);
  const run = useRefetchingChange(sessions.refetch);
  const time = (v: string) => formatDateTime(v);
  return (
    <QueryTableModal<OnlineSession>
      open={open}
      title={tx(['在线用户', 'Online users'])}
      width={860}
      scrollX={700}
      rows={sessions}
      onCancel={onClose}
      rowKey="token"
      data-testid="online-users"
      columns={[
        { title: tx(['用户账号', 'Account']), dataIndex: 'username', width: 130 },
        { title: tx(['用户姓名', 'Name']), dataIndex: 'realname', width: 110 },
        { title: 'IP', dataIndex: 'ip', width: 130 },
        { title: tx(['登录时间', 'Signed in']), dataIndex: 'loginTime', width: 170, render: time },
        { title: tx(['过期时间', 'Expires']), dataIndex: 'expiresAt', width: 170, render: time },
        {
          title: tx(['操作', 'Actions']),
          key: 'actions',
          width: 100,
          render: (_v, row) =>
            can('system:user:frozen') && (
              <Popconfirm
                title={tx(['确定强制该用户退出吗?', 'Sign this session out?'])}
                onConfirm={() =>
                  run(
                    () => api.post('/sys/online/forceLogout', { token: row.token }),
                    ['已强制退出', 'Signed out'],
                  )
                }
              >
                <Typography.Link type="danger">{tx(['强退', 'Sign out'])}</Typography.Link>
              </Popconfirm>
            ),
        },
      ]}
    />
  );
}
