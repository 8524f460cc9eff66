// 常用线路: a shipper's saved routes, two of its saved addresses; picking one in
// the order form fills both places.
import { ProFormDependency } from '@ant-design/pro-components';
import { customerAddressResource, customerRouteResource } from '@freight/contracts';
import type { FormItemContext } from '../../components/resource';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { RemotePickItem } from '../wlhy/components/RemotePickItem';
import { shipperFields, usePlatformStaff } from './components/shipperField';

type Row = Record<string, unknown>;

/** A saved address of the route's shipper (the one chosen in the form, or the stored one on edit). */
const addressSelect = (nameKey: 'loadAddressName' | 'unloadAddressName') => (ctx: FormItemContext) => (
  <ProFormDependency name={['customerId']}>
    {({ customerId }) => {
      const shipper =
        (customerId as string | undefined) ?? (ctx.editingRow?.customerId as string | undefined);
      return (
        <RemotePickItem
          ctx={ctx}
          nameKey={nameKey}
          key={shipper ?? ''}
          api={`${customerAddressResource.path}/list`}
          searchKey="addressName"
          query={shipper ? { customerId: shipper } : undefined}
          label={(r: Row) => `${String(r.addressName)} · ${String(r.city ?? '')}${String(r.district ?? '')}`}
          data-testid={`${nameKey}-select`}
        />
      );
    }}
  </ProFormDependency>
);

export default function HyCustomerRouteList() {
  const platformStaff = usePlatformStaff();
  const def = useResourcePage(customerRouteResource, [platformStaff], () => ({
    fields: {
      ...shipperFields(platformStaff),
      loadAddressId: { required: true, renderFormItem: addressSelect('loadAddressName') },
      unloadAddressId: { required: true, renderFormItem: addressSelect('unloadAddressName') },
    },
  }));
  return <ResourceListPage def={def} />;
}
