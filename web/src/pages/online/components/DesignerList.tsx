// The list page of an online designer (forms, reports): a card with the add button, a keyword search and a
// paged table of the definitions; the page gives the columns and the editor it opens.
import { PlusOutlined } from '@ant-design/icons';
import type { Page } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, type ButtonProps, Card, Input, Popconfirm, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { Authorized } from '../../../components/auth';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

export function DesignerList<T extends { id: string }>({
  title,
  addAction,
  addTestId,
  onAdd,
  searchPlaceholder,
  queryKey,
  url,
  keywordQuery,
  columns,
  children,
}: {
  title: string;
  addAction: string;
  addTestId: string;
  onAdd: () => void;
  searchPlaceholder: string;
  /** The first part of the list's query key, to invalidate it after a change. */
  queryKey: string;
  url: string;
  /** The list's query for a non-blank keyword. */
  keywordQuery: (keyword: string) => Record<string, string>;
  columns: TableColumnsType<T>;
  /** The dialogs the page opens. */
  children?: ReactNode;
}) {
  const tx = useBilingual();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const list = useQuery({
    queryKey: [queryKey, keyword, page],
    queryFn: () => api.get<Page<T>>(url, { ...page, ...(keyword ? keywordQuery(keyword) : {}) }),
  });
  return (
    <Card
      title={title}
      extra={
        <Authorized action={addAction}>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid={addTestId}>
            {tx(['新增', 'Add'])}
          </Button>
        </Authorized>
      }
    >
      <Input.Search
        allowClear
        placeholder={searchPlaceholder}
        style={{ maxWidth: 280, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage({ ...page, pageNo: 1 });
        }}
      />
      <Table<T>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={columns}
      />
      {children}
    </Card>
  );
}

/** A row's link button, shown only to holders of `action` when one is given. */
export function RowLink({ action, ...props }: ButtonProps & { action?: string; 'data-testid'?: string }) {
  const button = <Button type="link" size="small" {...props} />;
  return action ? <Authorized action={action}>{button}</Authorized> : button;
}

/** A row's delete link, asking first. */
export function RowDelete({
  action,
  title,
  onConfirm,
}: {
  action: string;
  title: string;
  onConfirm: () => void;
}) {
  const tx = useBilingual();
  return (
    <Authorized action={action}>
      <Popconfirm title={title} onConfirm={onConfirm}>
        <Button type="link" size="small" danger>
          {tx(['删除', 'Delete'])}
        </Button>
      </Popconfirm>
    </Authorized>
  );
}
