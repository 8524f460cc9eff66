// A modal that lists the rows of one query in a small table (recycle bins, signed-in sessions): the modal takes
// the whole width on a phone, the table shows the query's loading and pages its rows ten at a time.
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Grid, Modal, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import { api } from '../../services/request';

interface Props<T> extends Omit<TableProps<T>, 'title' | 'dataSource' | 'loading' | 'scroll'> {
  open: boolean;
  title: ReactNode;
  /** The modal's width on a desktop screen. */
  width: number;
  /** The table's scroll width. */
  scrollX: number;
  rows: UseQueryResult<T[]>;
  onCancel: () => void;
  /** What stands above the table (e.g. the buttons acting on the selection). */
  toolbar?: ReactNode;
  'data-testid'?: string;
}

export function QueryTableModal<T extends object>({
  open,
  title,
  width,
  scrollX,
  rows,
  onCancel,
  toolbar,
  ...table
}: Props<T>) {
  const screens = Grid.useBreakpoint();
  return (
    <Modal
      open={open}
      title={title}
      width={screens.md ? width : '100%'}
      footer={null}
      destroyOnHidden
      onCancel={onCancel}
    >
      {toolbar}
      <Table<T>
        rowKey="id"
        size="small"
        pagination={{ pageSize: 10 }}
        {...table}
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        scroll={{ x: scrollX }}
      />
    </Modal>
  );
}

/** The rows of a modal's list: read afresh each time the modal opens, not before. */
export function useModalRows<T>(key: string, url: string, open: boolean) {
  return useQuery({
    queryKey: ['sys', key],
    queryFn: () => api.get<T[]>(url),
    enabled: open,
    staleTime: 0,
  });
}
