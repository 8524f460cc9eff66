// Table columns the money screens repeat: an amount in fen shown as yuan, a dictionary value, a payment's state.
import { DictTag } from '../dict';
import { yuan } from './money';

/** An amount in fen, shown as yuan and aligned right. */
export function yuanColumn(title: string, dataIndex: string, width?: number) {
  return { title, dataIndex, align: 'right' as const, width, render: (v: unknown) => yuan(v) };
}

/** A value of dictionary `code`, as its tag (`plain`: as its text). */
export function dictColumn(title: string, dataIndex: string, code: string, plain?: boolean) {
  return { title, dataIndex, render: (v: unknown) => <DictTag code={code} value={v} plain={plain} /> };
}

/** A bank payment's state (payment_state dictionary). */
export function paymentStateColumn(title: string) {
  return dictColumn(title, 'state', 'payment_state');
}
