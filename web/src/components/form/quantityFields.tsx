// Number boxes of the freight forms with their unit: tonnes to the kilogram, yuan to the fen.
import { ProFormDigit } from '@ant-design/pro-components';
import type { ComponentProps } from 'react';
import { useBilingual } from '../resource/text';

type DigitProps = ComponentProps<typeof ProFormDigit>;

/** What one truck can carry: at least a kilogram, at most 200 t. */
export const TRUCK_LOAD = { min: 0.001, max: 200 } as const;

export function TonnesField(props: DigitProps) {
  const tx = useBilingual();
  return <ProFormDigit min={0} fieldProps={{ precision: 3, addonAfter: tx(['吨', 't']) }} {...props} />;
}

export function YuanField(props: DigitProps) {
  return <ProFormDigit min={0} fieldProps={{ precision: 2, addonAfter: '元' }} {...props} />;
}
