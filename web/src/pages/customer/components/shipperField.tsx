// The shipper of a shipper's record (address, route, user): platform staff pick an approved shipper when
// adding; a shipper's own users do not see it (they save for the shipper they act for).
import type { FormItemContext } from '../../../components/resource';
import { RemotePickItem } from '../../wlhy/components/RemotePickItem';

type Row = Record<string, unknown>;

export const shipperField = (platformStaff: boolean) => ({
  required: platformStaff,
  form: platformStaff ? ('add' as const) : false,
  renderFormItem: (ctx: FormItemContext) => (
    <RemotePickItem
      ctx={ctx}
      nameKey="customerName"
      api="/customer/hyCustomer/list"
      searchKey="customerName"
      query={{ state: 2 }}
      label={(r: Row) => String(r.customerName)}
      data-testid="customer-select"
    />
  ),
});
