// A recycle bin row's actions: restore it, or purge it after a confirmation.
import { Popconfirm, Space, Typography } from 'antd';
import { useBilingual } from '../resource/text';

export function RestorePurgeLinks({
  purgeQuestion,
  onRestore,
  onPurge,
}: {
  purgeQuestion: string;
  onRestore: () => void;
  onPurge: () => Promise<unknown>;
}) {
  const tx = useBilingual();
  return (
    <Space>
      <Typography.Link onClick={onRestore}>{tx(['还原', 'Restore'])}</Typography.Link>
      <Popconfirm title={purgeQuestion} onConfirm={onPurge}>
        <Typography.Link type="danger">{tx(['彻底删除', 'Purge'])}</Typography.Link>
      </Popconfirm>
    </Space>
  );
}
