// 常用地址: a shipper's saved loading and unloading places, picked in the order
// form. A shipper's users keep their own; platform staff choose the shipper when adding.
import { customerAddressResource, USER_TYPE } from '@freight/contracts';
import { useMemo } from 'react';
import { pageOf, ResourceListPage } from '../../components/resource';
import { useSession } from '../../stores/session';
import { shipperField } from './components/shipperField';

export default function HyCustomerAddressList() {
  const userType = useSession((s) => s.userType);
  const platformStaff = userType === USER_TYPE.system;
  const def = useMemo(
    () =>
      pageOf(customerAddressResource, {
        fields: {
          customerId: shipperField(platformStaff),
          customerName: platformStaff ? { search: 'like' } : { search: false, list: false },
        },
      }),
    [platformStaff],
  );
  return <ResourceListPage def={def} />;
}
