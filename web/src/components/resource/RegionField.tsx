// A region field of a form: the cascader's district code is the field's value, and the picked names go to the
// sibling fields the declaration names (they are sent with the form, and listed as text).
import { Form } from 'antd';
import { RegionCascader } from '../region/RegionCascader';

export function RegionField({
  value,
  onChange,
  names,
  disabled,
  id,
}: {
  value?: string | null;
  onChange?: (code: string | null) => void;
  names?: readonly [string, string, string];
  disabled?: boolean;
  id?: string;
}) {
  const form = Form.useFormInstance();
  return (
    <RegionCascader
      id={id}
      value={value}
      disabled={disabled}
      onChange={onChange}
      onPick={(pick) => {
        if (!names) return;
        const [province, city, district] = pick?.names ?? [];
        form.setFieldsValue({
          [names[0]]: province ?? null,
          [names[1]]: city ?? null,
          [names[2]]: district ?? null,
        });
      }}
    />
  );
}
