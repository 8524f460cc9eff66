// Deleted dictionaries: restore (back) or purge with their items (deletePhysic).
import { useQuery } from '@tanstack/react-query';
import { App, Grid, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import { api, errorText } from '../../../services/request';

interface DeletedDict {
  id: string;
  dictName: string;
  dictCode: string;
  description?: string | null;
}

export function DictRecycleBin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const list = useQuery({
    queryKey: ['sys', 'dictRecycleBin'],
    queryFn: () => api.get<DeletedDict[]>('/sys/dict/deleteList'),
    enabled: open,
    staleTime: 0,
  });
  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      message.success(done);
      await list.refetch();
    } catch (error) {
      message.error(errorText(error));
    }
  };
  return (
    <Modal
      open={open}
      title={tx(['字典回收站', 'Deleted dictionaries'])}
      width={screens.md ? 720 : '100%'}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <Table<DeletedDict>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        scroll={{ x: 520 }}
        pagination={{ pageSize: 10 }}
        columns={[
          { title: tx(['字典名称', 'Name']), dataIndex: 'dictName', width: 140 },
          { title: tx(['字典编码', 'Code']), dataIndex: 'dictCode', width: 140 },
          { title: tx(['描述', 'Description']), dataIndex: 'description', ellipsis: true },
          {
            title: tx(['操作', 'Actions']),
            key: 'actions',
            width: 140,
            render: (_v, row) => (
              <Space>
                <Typography.Link
                  onClick={() =>
                    void run(() => api.put(`/sys/dict/back/${row.id}`), tx(['还原成功', 'Restored']))
                  }
                >
                  {tx(['还原', 'Restore'])}
                </Typography.Link>
                <Popconfirm
                  title={tx(['彻底删除字典及其数据，确定吗?', 'Purge the dictionary and its items?'])}
                  onConfirm={() =>
                    run(() => api.delete(`/sys/dict/deletePhysic/${row.id}`), tx(['删除成功', 'Purged']))
                  }
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
