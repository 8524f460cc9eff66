// 经纪人 (domain.md Agent): brokers who bring drivers and earn a fee on agent orders (orderMode 3);
// identity, fee rule (per tonne, per trip, %) and review.
import { agentResource } from '@freight/contracts';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { commissionedPage } from '../wlhy/components/commissionFields';

export const agentPage: ResourcePageDef = commissionedPage(agentResource);

export default function HyAgentList() {
  return <ResourceListPage def={agentPage} />;
}
