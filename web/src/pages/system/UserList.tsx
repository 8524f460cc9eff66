// Users list (component `system/UserList`): ProTable over /sys/user/list with search, sort and paging.
import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components';
import { formatDateTime, PAGE_SIZE, PAGE_SIZE_OPTIONS, type Page, paginationLabel } from '@freight/contracts';
import { Avatar, Badge, Card } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { assetUrl } from '../../services/assets';
import { api } from '../../services/request';
import { dictLabel, dictText } from '../../stores/dicts';
import { useSession } from '../../stores/session';

export interface UserRow {
  id: string;
  username: string;
  realname: string;
  avatar?: string | null;
  sex?: number | string | null;
  phone?: string | null;
  email?: string | null;
  orgCode?: string | null;
  status?: number | string | null;
  userType?: number | string | null;
  createTime?: string | null;
}

/** ProTable params -> the list call's query (pageNo, pageSize, column, order, filters). */
export function toUserQuery(
  params: Record<string, unknown> & { current?: number; pageSize?: number },
  sort: Record<string, 'ascend' | 'descend' | null>,
): Record<string, unknown> {
  const { current, pageSize, ...filters } = params;
  const query: Record<string, unknown> = { pageNo: current ?? 1, pageSize: pageSize ?? PAGE_SIZE };
  for (const [k, v] of Object.entries(filters)) {
    if (v !== undefined && v !== null && v !== '') query[k] = typeof v === 'string' ? v.trim() : v;
  }
  const [column, order] = Object.entries(sort).find(([, o]) => o) ?? [];
  if (column && order) {
    query.column = column;
    query.order = order === 'ascend' ? 'asc' : 'desc';
  }
  return query;
}

export default function UserList() {
  const { t } = useTranslation();
  const actionRef = useRef<ActionType>(undefined);
  const dicts = useSession((s) => s.dictItems);
  const statusItems = dicts.user_status ?? [];

  const columns: ProColumns<UserRow>[] = [
    {
      title: t('users.username'),
      dataIndex: 'username',
      sorter: true,
      copyable: true,
      fixed: 'left',
      width: 140,
    },
    { title: t('users.realname'), dataIndex: 'realname', sorter: true, width: 120 },
    {
      title: t('users.avatar'),
      dataIndex: 'avatar',
      search: false,
      width: 72,
      render: (_, row) => (
        <Avatar size="small" src={row.avatar ? assetUrl(row.avatar) : undefined}>
          {row.realname?.[0]}
        </Avatar>
      ),
    },
    {
      title: t('users.sex'),
      dataIndex: 'sex',
      search: false,
      width: 72,
      render: (_, row) => dictText(dicts, 'sex', row.sex) || '—',
    },
    { title: t('users.phone'), dataIndex: 'phone', search: false, width: 130 },
    { title: t('users.email'), dataIndex: 'email', search: false, ellipsis: true, width: 180 },
    { title: t('users.orgCode'), dataIndex: 'orgCode', search: false, width: 120 },
    {
      title: t('users.userType'),
      dataIndex: 'userType',
      search: false,
      width: 110,
      render: (_, row) => dictText(dicts, 'user_type', row.userType) || '—',
    },
    {
      title: t('users.status'),
      dataIndex: 'status',
      valueType: 'select',
      width: 100,
      fieldProps: { options: statusItems.map((i) => ({ value: i.value, label: dictLabel(i) })) },
      render: (_, row) => {
        const text = dictText(dicts, 'user_status', row.status) || '—';
        return <Badge status={String(row.status) === '1' ? 'success' : 'error'} text={text} />;
      },
    },
    {
      title: t('users.createTime'),
      dataIndex: 'createTime',
      search: false,
      sorter: true,
      width: 170,
      render: (_, row) => formatDateTime(row.createTime) || '—',
    },
  ];

  return (
    <Card variant="borderless" styles={{ body: { padding: 0 } }}>
      <ProTable<UserRow>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        headerTitle={t('users.title')}
        cardBordered={false}
        scroll={{ x: 1200 }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: true, reload: true, setting: true, fullScreen: false }}
        pagination={{
          defaultPageSize: PAGE_SIZE,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS],
          showQuickJumper: true,
          showSizeChanger: true,
          showTotal: (total, range) => paginationLabel(total, range),
        }}
        request={async (params, sort) => {
          const page = await api.get<Page<UserRow>>('/sys/user/list', toUserQuery(params, sort));
          return { data: page.records, total: page.total, success: true };
        }}
        data-testid="user-table"
      />
    </Card>
  );
}
