// The driver of a bank card: a driver search whose choice pre-fills the holder with the driver's own name
// and ID number (the usual case; a captain's card needs a collection agreement, which the server checks).
import { Form } from 'antd';
import { DRIVER_SEARCH, RemoteSelect } from './RemoteSelect';

type Row = Record<string, unknown>;

export function CardDriverSelect({
  value,
  onChange,
  disabled,
  initialLabel,
}: {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
  initialLabel?: string;
}) {
  const form = Form.useFormInstance();
  return (
    <RemoteSelect
      {...DRIVER_SEARCH}
      value={value}
      initialLabel={initialLabel}
      disabled={disabled}
      data-testid="card-driver-select"
      onChange={(id, row?: Row) => {
        onChange?.(id);
        if (!row?.driverName) return;
        // The list's numbers may be masked: the masked ID stands for the driver's own (the server resolves
        // it), a masked mobile is no reserved mobile.
        const mobile = String(row.mobile ?? '');
        form.setFieldsValue({
          holderName: row.driverName,
          holderIdCard: row.idCard,
          reservedMobile: form.getFieldValue('reservedMobile') || (mobile.includes('*') ? undefined : mobile),
        });
      }}
    />
  );
}
