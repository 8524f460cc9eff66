// How the operations screens (check and fill rules, data sources, gateway routes, scheduled jobs) open:
// newest first, with a form wide enough for their JSON and connection settings.
import type { ResourcePageDef } from '../../../../components/resource';

export const OPS_SCREEN: Pick<ResourcePageDef, 'defaultSort' | 'formWidth'> = {
  defaultSort: { column: 'createTime', order: 'desc' },
  formWidth: 720,
};
