// 职务管理 (component `system/PositionList`): positions a user's `post` names.
import { positionBody } from '@freight/contracts';
import { duplicateRule } from '../../components/form/asyncRules';
import { createTimeField, ResourceListPage, type ResourcePageDef } from '../../components/resource';

export const positionPage: ResourcePageDef = {
  api: '/sys/position',
  title: ['职务管理', 'Positions'],
  perm: 'system:position',
  schema: positionBody,
  defaultSort: { column: 'createTime', order: 'desc' },
  fields: [
    {
      name: 'code',
      label: ['职务编码', 'Code'],
      required: true,
      search: true,
      sort: true,
      form: 'add',
      rules: [duplicateRule({ tableName: 'sys_position', fieldName: 'code' })],
    },
    { name: 'name', label: ['职务名称', 'Name'], required: true, search: true, sort: true },
    {
      name: 'postRank',
      label: ['职级', 'Rank'],
      search: true,
      sort: true,
      options: [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
        value: String(n),
        label: [`${n}级`, `Rank ${n}`] as const,
      })),
    },
    createTimeField({ search: 'range' }),
  ],
};

export default function PositionList() {
  return <ResourceListPage def={positionPage} />;
}
