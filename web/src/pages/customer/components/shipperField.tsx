// The shipper of a shipper's record (address, route, user): platform staff pick an approved shipper when
// adding; a shipper's own users do not see it (they save for the shipper they act for).
import type { FormItemContext } from '../../../components/resource';
import { FieldItem } from '../../wlhy/components/FieldItem';
import { RemoteSelect } from '../../wlhy/components/RemoteSelect';

type Row = Record<string, unknown>;

export const shipperField = (platformStaff: boolean) => ({
  required: platformStaff,
  form: platformStaff ? ('add' as const) : false,
  renderFormItem: (ctx: FormItemContext) => (
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
