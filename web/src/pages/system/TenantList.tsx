// 租户管理 (component `system/TenantList`): tenants with validity dates; a frozen tenant's users cannot sign in.
import { tenantResource } from '@freight/contracts';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { api } from '../../services/request';

type Row = Record<string, unknown>;
const setStatus = (status: 0 | 1) => async (row: Row, helpers: { reload: () => void }) => {
  await api.put('/sys/tenant/edit', { id: String(row.id), name: row.name, status });
  helpers.reload();
};

export const tenantPage: ResourcePageDef = pageOf(tenantResource, {
  addDefaults: { status: '1' },
  fields: {
    id: { rules: [{ type: 'integer', min: 1, message: '租户编号必须大于0' }] },
    endDate: {
      rules: [
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            const begin = getFieldValue('beginDate');
            if (value && begin && String(value) < String(begin)) throw new Error('结束时间不能早于开始时间');
          },
        }),
      ],
    },
  },
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
});

export default function TenantList() {
  return <ResourceListPage def={tenantPage} />;
}
