// The required customer select of a form (a message to one customer's users, an app of a customer).
import { ProFormSelect } from '@ant-design/pro-components';
import type { FormItemContext } from '../resource';
import { useBilingual } from '../resource/text';
import { useCustomerOptions } from './useCustomerOptions';

export function CustomerFormSelect({ ctx }: { ctx: FormItemContext }) {
  const tx = useBilingual();
  const customers = useCustomerOptions();
  return (
    <ProFormSelect
      name={ctx.name}
      label={ctx.label}
      colProps={{ span: 12 }}
      options={customers}
      disabled={ctx.disabled}
      showSearch
      rules={[{ required: true, message: tx(['请选择货主', 'Choose the customer']) }]}
    />
  );
}
