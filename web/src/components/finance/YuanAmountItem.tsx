// The required amount of a money form (a recharge, an adjustment, a claim): yuan to the fen, above zero.
import { Form, InputNumber } from 'antd';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';

export function YuanAmountItem({
  label,
  missing = ['请输入金额', 'Enter the amount'],
}: {
  label: Bilingual;
  /** The message when it is left empty. */
  missing?: Bilingual;
}) {
  const tx = useBilingual();
  return (
    <Form.Item name="amount" label={tx(label)} rules={[{ required: true, message: tx(missing) }]}>
      <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
    </Form.Item>
  );
}
