// 租户管理 (component `system/TenantList`): tenants with validity dates; a frozen tenant's users cannot sign in.
import { tenantEditBody } from '@freight/contracts';
import { createTimeField, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { api } from '../../services/request';

type Row = Record<string, unknown>;
const setStatus = (status: 0 | 1) => async (row: Row, helpers: { reload: () => void }) => {
  await api.put('/sys/tenant/edit', { id: String(row.id), name: row.name, status });
  helpers.reload();
};

export const tenantPage: ResourcePageDef = {
  api: '/sys/tenant',
  title: ['租户管理', 'Tenants'],
  perm: 'system:tenant',
  schema: tenantEditBody,
  defaultSort: { column: 'id', order: 'asc' },
  addDefaults: { status: '1' },
  fields: [
    {
      name: 'id',
      label: ['租户编号', 'Tenant no.'],
      kind: 'number',
      required: true,
      sort: true,
      search: true,
      form: 'add',
      list: { width: 100 },
      rules: [{ type: 'integer', min: 1, message: '租户编号必须大于0' }],
    },
    { name: 'name', label: ['租户名称', 'Name'], required: true, search: true, sort: true },
    { name: 'beginDate', label: ['开始时间', 'Valid from'], kind: 'datetime', sort: true },
    {
      name: 'endDate',
      label: ['结束时间', 'Valid to'],
      kind: 'datetime',
      sort: true,
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            const begin = getFieldValue('beginDate');
            if (value && begin && String(value) < String(begin)) throw new Error('结束时间不能早于开始时间');
          },
        }),
      ],
    },
    {
      name: 'status',
      label: ['状态', 'Status'],
      kind: 'dict',
      dict: 'tenant_status',
      search: true,
      sort: true,
      required: true,
    },
    createTimeField(),
  ],
  rowActions: [
    {
      key: 'freeze',
      label: ['冻结', 'Freeze'],
      perm: 'system:tenant:edit',
      danger: true,
      visible: (row) => Number(row.status) === 1 && Number(row.id) !== 0,
      confirm: ['冻结后该租户的用户将无法登录，确定吗?', "Freeze? The tenant's users can no longer sign in."],
      run: setStatus(0),
    },
    {
      key: 'unfreeze',
      label: ['解冻', 'Unfreeze'],
      perm: 'system:tenant:edit',
      visible: (row) => Number(row.status) === 0,
      confirm: ['确定解冻该租户吗?', 'Unfreeze this tenant?'],
      run: setStatus(1),
    },
  ],
};

export default function TenantList() {
  return <ResourceListPage def={tenantPage} />;
}
