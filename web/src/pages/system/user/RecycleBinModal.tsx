// Deleted users (reference recycle bin): restore or purge, one by one or the selection.
import { formatDateTime } from '@freight/contracts';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { QueryTableModal, useModalRows } from '../../../components/common/QueryTableModal';
import { RestorePurgeLinks } from '../../../components/common/RestorePurgeLinks';
import { useRefetchingChange } from '../../../components/common/useRefetchingChange';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { userColumns } from './userColumns';

interface DeletedUser {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  updateTime?: string | null;
}

export function RecycleBinModal({ open, onClose }: { open: boolean; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [selected, setSelected] = useState<string[]>([]);
  const [changed, setChanged] = useState(false);
  const bin = useModalRows<DeletedUser>('userRecycleBin', '/sys/user/recycleBin', open);

  const change = useRefetchingChange(bin.refetch);

  async function run(kind: 'restore' | 'purge', ids: string[]) {
    const done = await change(
      () =>
        kind === 'restore'
          ? api.put('/sys/user/putRecycleBin', { userIds: ids.join(',') })
          : api.delete('/sys/user/deleteRecycleBin', { userIds: ids.join(',') }),
      kind === 'restore' ? ['还原成功', 'Restored'] : ['彻底删除成功', 'Purged'],
    );
    if (done) {
      setSelected([]);
      setChanged(true);
    }
  }

  return (
    <QueryTableModal<DeletedUser>
      open={open}
      title={tx(['用户回收站', 'Deleted users'])}
      width={820}
      scrollX={640}
      rows={bin}
      onCancel={() => {
        onClose(changed);
        setChanged(false);
      }}
      toolbar={
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
      }
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
      data-testid="recycle-bin"
      columns={[
        ...userColumns(tx),
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
            <RestorePurgeLinks
              purgeQuestion={tx(['彻底删除后无法恢复，确定吗?', 'Purged users cannot come back. Continue?'])}
              onRestore={() => void run('restore', [row.id])}
              onPurge={() => run('purge', [row.id])}
            />
          ),
        },
      ]}
    />
  );
}
