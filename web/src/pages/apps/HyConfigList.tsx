// 系统配置: typed configuration entries (string, number, boolean, JSON), each value checked against
// its type; every change is in the data log.
import { configResource } from '@freight/contracts';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';

export const configPage: ResourcePageDef = pageOf(configResource, {});

export default function HyConfigList() {
  return <ResourceListPage def={configPage} />;
}
