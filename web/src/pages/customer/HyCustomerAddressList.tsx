// 常用地址: a shipper's saved loading and unloading places, picked in the order
// form. A shipper's users keep their own; platform staff choose the shipper when adding.
import { customerAddressResource, USER_TYPE } from '@freight/contracts';
import { useMemo } from 'react';
import { pageOf, ResourceListPage } from '../../components/resource';
import { useSession } from '../../stores/session';
import { FieldItem } from '../wlhy/components/FieldItem';
import { RemoteSelect } from '../wlhy/components/RemoteSelect';

type Row = Record<string, unknown>;

/** The shipper select of staff (a shipper's own users save for the shipper they act for). */
export const shipperField = (platformStaff: boolean) => ({
  required: platformStaff,
  form: platformStaff ? ('add' as const) : false,
  renderFormItem: (ctx: Parameters<typeof FieldItem>[0]['ctx']) => (
    <FieldItem ctx={ctx}>
      <RemoteSelect
        api="/customer/hyCustomer/list"
        searchKey="customerName"
        query={{ state: 2 }}
        label={(r: Row) => String(r.customerName)}
        initialLabel={ctx.editingRow ? String(ctx.editingRow.customerName ?? '') : undefined}
        disabled={ctx.disabled}
        data-testid="customer-select"
      />
    </FieldItem>
  ),
});

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
