// 常用地址: a shipper's saved loading and unloading places, picked in the order
// form. A shipper's users keep their own; platform staff choose the shipper when adding.
import { customerAddressResource } from '@freight/contracts';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { shipperFields, usePlatformStaff } from './components/shipperField';

export default function HyCustomerAddressList() {
  const platformStaff = usePlatformStaff();
  const def = useResourcePage(customerAddressResource, [platformStaff], () => ({
    fields: shipperFields(platformStaff),
  }));
  return <ResourceListPage def={def} />;
}
