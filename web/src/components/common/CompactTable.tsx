// A small table showing all its rows at once (a record's members, versions or copies), scrolling sideways
// when its columns do not fit.
import { Table, type TableProps } from 'antd';

export function CompactTable<T extends object>(props: TableProps<T>) {
  return <Table<T> size="small" rowKey="id" pagination={false} scroll={{ x: 'max-content' }} {...props} />;
}
