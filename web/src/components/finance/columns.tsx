// Table columns the money screens repeat: an amount in fen shown as yuan, a payment's state.
import { DictTag } from '../dict';
import { yuan } from './money';

/** An amount in fen, shown as yuan and aligned right. */
export function yuanColumn(title: string, dataIndex: string, width?: number) {
  return { title, dataIndex, align: 'right' as const, width, render: (v: unknown) => yuan(v) };
}

/** A bank payment's state (payment_state dictionary). */
export function paymentStateColumn(title: string) {
  return { title, dataIndex: 'state', render: (v: unknown) => <DictTag code="payment_state" value={v} /> };
}
