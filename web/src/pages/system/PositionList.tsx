// 职务管理 (component `system/PositionList`): positions a user's `post` names.
import { positionResource } from '@freight/contracts';
import { duplicateRule } from '../../components/form/asyncRules';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';

export const positionPage: ResourcePageDef = pageOf(positionResource, {
  fields: { code: { rules: [duplicateRule({ tableName: 'sys_position', fieldName: 'code' })] } },
});

export default function PositionList() {
  return <ResourceListPage def={positionPage} />;
}
