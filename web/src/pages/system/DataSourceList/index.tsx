// 多数据源 (component `system/DataSourceList`): connection settings of PostgreSQL and MySQL/MariaDB databases;
// the password is encrypted at rest and never sent back (an edit without a new one keeps it); "test
// connection" from the list or from the form as typed.
import { ProFormText } from '@ant-design/pro-components';
import { dataSourceResource } from '@freight/contracts';
import { App } from 'antd';
import { type FormItemContext, pageOf, ResourceListPage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { FormTryButton } from '../components/ops/FormTryButton';
import { useOpsScreen } from '../components/ops/useOpsScreen';

type Row = Record<string, unknown>;
const CONNECTION = ['dbType', 'dbHost', 'dbPort', 'dbName', 'dbUsername', 'dbPassword'];

const testConnection = (row: Row, id: unknown) =>
  api.post<null>(`${dataSourceResource.path}/testConnection`, {
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
    ...pageOf(dataSourceResource, {
      fields: { dbPassword: { renderFormItem: (ctx) => <PasswordItem ctx={ctx} /> } },
    }),
    addDefaults: { dbType: 'postgresql', dbHost: '127.0.0.1', dbPort: 5432 },
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
