import { resource } from '../resource.ts';
import { positionBody, tenantEditBody } from '../systemAccess.ts';
import { createdColumn, timeColumn } from './fields.ts';

// The system module's own lists (positions, tenants), declared like the business ones: the server binds
// them to their tables, the console renders them, the export headers are these labels.

/** 职务: the positions a user's `post` names, ranked 1 to 9. */
export const positionResource = resource({
  path: '/sys/position',
  permission: 'system:position',
  title: ['职务管理', 'Positions'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  scope: { tenant: true },
  defaultSort: { field: 'createTime', order: 'desc' },
  body: positionBody,
  fields: {
    code: { label: ['职务编码', 'Code'], required: true, search: true, sort: true, form: 'add' },
    name: { label: ['职务名称', 'Name'], required: true, search: true, sort: true },
    postRank: {
      label: ['职级', 'Rank'],
      search: true,
      sort: true,
      options: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
        value: String(n),
        label: [`${n}级`, `Rank ${n}`] as const,
      })),
    },
    companyId: { label: ['公司', 'Company'], filter: true, internal: true },
    createTime: createdColumn,
  },
});

/** 租户: tenants with validity dates; a frozen tenant's users cannot sign in. Tenant numbers are chosen. */
export const tenantResource = resource({
  path: '/sys/tenant',
  permission: 'system:tenant',
  title: ['租户管理', 'Tenants'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  defaultSort: { field: 'id', order: 'asc' },
  body: tenantEditBody,
  fields: {
    id: {
      label: ['租户编号', 'Tenant no.'],
      kind: 'number',
      required: true,
      sort: true,
      search: true,
      form: 'add',
      list: { width: 100 },
    },
    name: { label: ['租户名称', 'Name'], required: true, search: true, sort: true },
    beginDate: { label: ['开始时间', 'Valid from'], kind: 'datetime', sort: true, filter: true },
    endDate: { label: ['结束时间', 'Valid to'], kind: 'datetime', sort: true, filter: true },
    status: {
      label: ['状态', 'Status'],
      kind: 'dict',
      dict: 'tenant_status',
      search: true,
      sort: true,
      required: true,
    },
    createTime: timeColumn(['创建时间', 'Created'], { filter: true }),
  },
});
