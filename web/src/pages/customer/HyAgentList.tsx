// 经纪人 (issue 7, domain.md Agent): brokers who bring drivers and earn a fee on agent orders (orderMode 3);
// identity, fee rule (per tonne, per trip, %) and review.
import { agentBody } from '@freight/contracts';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { commissionFields } from '../wlhy/components/commissionFields';
import { reviewFields, submitAction } from '../wlhy/components/partyFields';

const API = '/agent/hyAgent';

export const agentPage: ResourcePageDef = {
  api: API,
  title: ['经纪人', 'Agents'],
  perm: 'agent',
  schema: agentBody,
  review: true,
  urlFilters: ['state'],
  actions: { import: false },
  fields: [
    {
      name: 'agentName',
      label: ['经纪人姓名', 'Name'],
      required: true,
      search: 'like',
      sorter: true,
      list: { fixed: 'left', width: 110 },
    },
    { name: 'mobile', label: ['手机号', 'Mobile'], required: true, search: true, list: { width: 130 } },
    {
      name: 'idCard',
      label: ['身份证号', 'ID number'],
      required: true,
      search: true,
      list: { width: 180, copyable: true },
    },
    ...commissionFields(),
    ...reviewFields(),
  ],
  rowActions: [submitAction(API, 'agent')],
};

export default function HyAgentList() {
  return <ResourceListPage def={agentPage} />;
}
