// 多数据源 (component `system/DataSourceList`): connection settings of PostgreSQL and MySQL/MariaDB databases;
// the password is encrypted at rest and never sent back (an edit without a new one keeps it); "test
// connection" from the list or from the form as typed.
import { ProFormText } from '@ant-design/pro-components';
import { App } from 'antd';
import { createTimeField, type FormItemContext, ResourceListPage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { FormTryButton } from '../components/ops/FormTryButton';
import { codeField } from '../components/ops/ruleFields';
import { useOpsScreen } from '../components/ops/useOpsScreen';

type Row = Record<string, unknown>;
const CONNECTION = ['dbType', 'dbHost', 'dbPort', 'dbName', 'dbUsername', 'dbPassword'];

const testConnection = (row: Row, id: unknown) =>
  api.post<null>('/sys/dataSource/testConnection', {
    id: id ? String(id) : null,
    dbType: row.dbType,
    dbHost: row.dbHost,
    dbPort: Number(row.dbPort),
    dbName: row.dbName,
    dbUsername: row.dbUsername,
    dbPassword: row.dbPassword || null,
  });

/** The password box (empty on edit: the stored one is kept) and the form's "test connection". */
function PasswordItem({ ctx }: { ctx: FormItemContext }) {
  const tx = useBilingual();
  return (
    <>
      <ProFormText.Password
        name={ctx.name}
        label={ctx.label}
        rules={ctx.rules}
        colProps={ctx.colProps}
        placeholder={ctx.editing ? tx(['留空则不修改', 'Leave empty to keep']) : undefined}
        fieldProps={{ autoComplete: 'new-password', maxLength: 200 }}
      />
      <FormTryButton
        label={['测试连接', 'Test connection']}
        fields={CONNECTION}
        run={async (values) => {
          await testConnection(values, ctx.editingRow?.id);
          return tx(['数据库连接成功', 'Connected']);
        }}
        data-testid="datasource-test-result"
      />
    </>
  );
}

export default function DataSourceList() {
  const tx = useBilingual();
  const { message } = App.useApp();

  const def = useOpsScreen([message], () => ({
    api: '/sys/dataSource',
    title: ['多数据源', 'Data sources'],
    perm: 'system:datasource',
    addDefaults: { dbType: 'postgresql', dbHost: '127.0.0.1', dbPort: 5432 },
    fields: [
      codeField(tx, 'code', ['数据源编码', 'Code'], '编码', { width: 150, copyable: true }),
      { name: 'name', label: ['数据源名称', 'Name'], required: true, search: 'like', sort: true },
      {
        name: 'dbType',
        label: ['数据库类型', 'Database'],
        kind: 'dict',
        required: true,
        search: true,
        sort: true,
        options: [
          { value: 'postgresql', label: 'PostgreSQL' },
          { value: 'mysql', label: 'MySQL' },
          { value: 'mariadb', label: 'MariaDB' },
        ],
      },
      {
        name: 'dbHost',
        label: ['主机', 'Host'],
        required: true,
        rules: [{ pattern: /^[A-Za-z0-9.:_-]+$/, message: tx(['主机不正确', 'Invalid host']) }],
      },
      {
        name: 'dbPort',
        label: ['端口', 'Port'],
        kind: 'number',
        required: true,
        list: { width: 80 },
        rules: [{ type: 'integer', min: 1, max: 65_535, message: tx(['端口不正确', 'Invalid port']) }],
      },
      { name: 'dbName', label: ['数据库名', 'Database name'], required: true, search: true },
      { name: 'dbUsername', label: ['用户名', 'User'], required: true, list: { width: 120 } },
      {
        name: 'dbPassword',
        label: ['密码', 'Password'],
        kind: 'password',
        detail: false,
        wide: true,
        renderFormItem: (ctx) => <PasswordItem ctx={ctx} />,
      },
      {
        name: 'reportTables',
        label: ['报表可读表', 'Tables reports may read'],
        kind: 'textarea',
        list: false,
        wide: true,
        placeholder: [
          '如 public.waybill_ext, report.*；不填则报表不能读取任何表',
          'e.g. public.orders, report.*; empty: none',
        ],
      },
      { name: 'remark', label: ['备注', 'Remark'], kind: 'textarea', list: { width: 180, ellipsis: true } },
      createTimeField(),
    ],
    // The stored password never comes back into the form (the list only says whether one is set).
    toForm: (row) => ({ ...row, dbPassword: undefined }),
    rowActions: [
      {
        key: 'test',
        label: ['测试连接', 'Test connection'],
        run: async (row) => {
          await testConnection({ ...row, dbPassword: null }, row.id);
          message.success(tx(['数据库连接成功', 'Connected']));
        },
      },
    ],
  }));

  return <ResourceListPage def={def} />;
}
