// The form box of a setting written as JSON text (job parameters, fill-rule parameters, gateway predicates,
// check rules): the whole row wide, growing with its content, checked for the JSON shape.
import { ProFormTextArea } from '@ant-design/pro-components';
import type { FormItemContext } from '../../../../components/resource';
import { useBilingual } from '../../../../components/resource/text';
import type { Bilingual } from '../../../../components/resource/types';
import { jsonRule } from './jsonRules';

interface Props {
  ctx: FormItemContext;
  shape: 'object' | 'array';
  placeholder?: string;
  tooltip?: Bilingual;
  /** The rows the box grows between. */
  rows?: [min: number, max: number];
  maxLength?: number;
}

export function JsonTextArea({ ctx, shape, placeholder, tooltip, rows = [2, 6], maxLength = 2000 }: Props) {
  const tx = useBilingual();
  return (
    <ProFormTextArea
      name={ctx.name}
      label={ctx.label}
      disabled={ctx.disabled}
      // The shape first, in the user's language; the body schema's checks of the content only once it is JSON.
      rules={[jsonRule(tx, shape), ...ctx.rules]}
      validateFirst
      colProps={{ span: 24 }}
      placeholder={placeholder}
      tooltip={tooltip === undefined ? undefined : tx(tooltip)}
      fieldProps={{ autoSize: { minRows: rows[0], maxRows: rows[1] }, maxLength }}
    />
  );
}
