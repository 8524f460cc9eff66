// Deleted users (reference recycle bin): restore or purge, one by one or the selection.
import { formatDateTime } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Grid, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { api, errorText } from '../../../services/request';

interface DeletedUser {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  updateTime?: string | null;
}

export function RecycleBinModal({ open, onClose }: { open: boolean; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [selected, setSelected] = useState<string[]>([]);
  const [changed, setChanged] = useState(false);
  const bin = useQuery({
    queryKey: ['sys', 'userRecycleBin'],
    queryFn: () => api.get<DeletedUser[]>('/sys/user/recycleBin'),
    enabled: open,
    staleTime: 0,
  });

  async function run(kind: 'restore' | 'purge', ids: string[]) {
    try {
      if (kind === 'restore') await api.put('/sys/user/putRecycleBin', { userIds: ids.join(',') });
      else await api.delete('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });
      message.success(kind === 'restore' ? tx(['还原成功', 'Restored']) : tx(['彻底删除成功', 'Purged']));
      setSelected([]);
      setChanged(true);
      await bin.refetch();
    } catch (error) {
      message.error(errorText(error));
    }
  }

  return (
    <Modal
      open={open}
      title={tx(['用户回收站', 'Deleted users'])}
      width={screens.md ? 820 : '100%'}
      footer={null}
      destroyOnHidden
      onCancel={() => {
        onClose(changed);
        setChanged(false);
      }}
    >
      <Space style={{ marginBottom: 12 }} wrap>
        <Button disabled={!selected.length} onClick={() => void run('restore', selected)}>
          {tx(['批量还原', 'Restore selected'])}
        </Button>
        <Popconfirm
          title={tx(['彻底删除后无法恢复，确定吗?', 'Purged users cannot come back. Continue?'])}
          onConfirm={() => run('purge', selected)}
          disabled={!selected.length}
        >
          <Button danger disabled={!selected.length}>
            {tx(['批量彻底删除', 'Purge selected'])}
          </Button>
        </Popconfirm>
      </Space>
      <Table<DeletedUser>
        rowKey="id"
        size="small"
        loading={bin.isFetching}
        dataSource={bin.data ?? []}
        scroll={{ x: 640 }}
        pagination={{ pageSize: 10 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        data-testid="recycle-bin"
        columns={[
          { title: tx(['用户账号', 'Account']), dataIndex: 'username', width: 140 },
          { title: tx(['用户姓名', 'Name']), dataIndex: 'realname', width: 120 },
          { title: tx(['手机号', 'Mobile']), dataIndex: 'phone', width: 130 },
          {
            title: tx(['删除时间', 'Deleted']),
            dataIndex: 'updateTime',
            width: 170,
            render: (v: string | null) => formatDateTime(v) || '--',
          },
          {
            title: tx(['操作', 'Actions']),
            key: 'actions',
            width: 140,
            render: (_v, row) => (
              <Space>
                <Typography.Link onClick={() => void run('restore', [row.id])}>
                  {tx(['还原', 'Restore'])}
                </Typography.Link>
                <Popconfirm
                  title={tx(['彻底删除后无法恢复，确定吗?', 'Purged users cannot come back. Continue?'])}
                  onConfirm={() => run('purge', [row.id])}
                >
                  <Typography.Link type="danger">{tx(['彻底删除', 'Purge'])}</Typography.Link>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
