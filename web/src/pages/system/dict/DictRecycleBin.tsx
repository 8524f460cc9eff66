// Deleted dictionaries: restore (back) or purge with their items (deletePhysic).
import { QueryTableModal, useModalRows } from '../../../components/common/QueryTableModal';
import { RestorePurgeLinks } from '../../../components/common/RestorePurgeLinks';
import { useRefetchingChange } from '../../../components/common/useRefetchingChange';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

interface DeletedDict {
  id: string;
  dictName: string;
  dictCode: string;
  description?: string | null;
}

export function DictRecycleBin({ open, onClose }: { open: boolean; onClose: () => void }) {
  const tx = useBilingual();
  const list = useModalRows<DeletedDict>('dictRecycleBin', '/sys/dict/deleteList', open);
  const run = useRefetchingChange(list.refetch);
  return (
    <QueryTableModal<DeletedDict>
      open={open}
      title={tx(['字典回收站', 'Deleted dictionaries'])}
      width={720}
      scrollX={520}
      rows={list}
      onCancel={onClose}
      columns={[
        { title: tx(['字典名称', 'Name']), dataIndex: 'dictName', width: 140 },
        { title: tx(['字典编码', 'Code']), dataIndex: 'dictCode', width: 140 },
        { title: tx(['描述', 'Description']), dataIndex: 'description', ellipsis: true },
        {
          title: tx(['操作', 'Actions']),
          key: 'actions',
          width: 140,
          render: (_v, row) => (
            <RestorePurgeLinks
              purgeQuestion={tx(['彻底删除字典及其数据，确定吗?', 'Purge the dictionary and its items?'])}
              onRestore={() => void run(() => api.put(`/sys/dict/back/${row.id}`), ['还原成功', 'Restored'])}
              onPurge={() =>
                run(() => api.delete(`/sys/dict/deletePhysic/${row.id}`), ['删除成功', 'Purged'])
              }
            />
          ),
        },
      ]}
    />
  );
}
