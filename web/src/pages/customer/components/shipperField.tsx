// The shipper of a shipper's record (address, route, user): platform staff pick an approved shipper when
// adding; a shipper's own users do not see it (they save for the shipper they act for).
import { USER_TYPE } from '@freight/contracts';
import type { FormItemContext } from '../../../components/resource';
import { useSession } from '../../../stores/session';
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

/** The shipper of a saved place (address, route): picked and searched by platform staff, hidden otherwise. */
export const shipperFields = (platformStaff: boolean) => ({
  customerId: shipperField(platformStaff),
  customerName: platformStaff ? { search: 'like' as const } : { search: false, list: false },
});

/** Whether the signed-in user is platform staff rather than one of a shipper's own users. */
export function usePlatformStaff(): boolean {
  return useSession((s) => s.userType) === USER_TYPE.system;
}
