// A declared field's form box that picks a record by search (a driver, a vehicle, a shipper, an address); on
// edit it shows the stored record's name until the list is searched.
import type { FormItemContext } from '../../../components/resource';
import { FieldItem } from './FieldItem';
import { RemoteSelect, type RemoteSelectProps } from './RemoteSelect';

interface Props extends Omit<RemoteSelectProps, 'initialLabel' | 'disabled' | 'value' | 'onChange'> {
  ctx: FormItemContext;
  /** The edited row's key holding the stored record's name. */
  nameKey: string;
}

export function RemotePickItem({ ctx, nameKey, ...select }: Props) {
  return (
    <FieldItem ctx={ctx}>
      <RemoteSelect
        {...select}
        initialLabel={ctx.editingRow ? String(ctx.editingRow[nameKey] ?? '') : undefined}
        disabled={ctx.disabled}
      />
    </FieldItem>
  );
}
