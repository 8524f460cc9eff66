// 货主列表 (`/customer/manager`): shippers with their settlement terms, service-fee rule and invoice
// title, reviewed like drivers and vehicles; the header's pending-shipper counter links here with state=1.
import { customerResource } from '@freight/contracts';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';

export const customerPage: ResourcePageDef = pageOf(customerResource, { review: true });

export default function HyCustomerList() {
  return <ResourceListPage def={customerPage} />;
}
