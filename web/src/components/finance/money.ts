// Small helpers of the money screens: idempotency keys, yuan text and yuan input → fen.
import { formatFen, yuanToFen } from '@freight/contracts';
import { announceChange } from '../../services/resourceEvents';

let seq = 0;

/**
 * A fresh idempotency key for one money request. A dialog makes its key when it opens and sends the same one
 * on a retry, so a doubled click or a resent request moves money once.
 */
export function newIdempotencyKey(prefix: string): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function'
      ? Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join('')
      : Math.random().toString(36).slice(2, 12);
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${seq.toString(36)}-${random}`.slice(0, 64);
}

/** `1,234.56` of an amount in fen ('' for nothing); negative amounts keep their sign. */
export function yuan(fen: unknown): string {
  if (fen === null || fen === undefined || fen === '' || fen === '--') return '--';
  const n = typeof fen === 'number' ? fen : Number(fen);
  return Number.isSafeInteger(n) ? formatFen(n) : '--';
}

/** The fen of a yuan amount typed in a form, or null when it is not a positive (or, signed, non-zero) amount. */
export function fenOfYuan(value: unknown, signed = false): number | null {
  if (value === null || value === undefined || value === '') return null;
  const fen = yuanToFen(typeof value === 'number' ? value : String(value));
  if (fen === null || fen === 0n || (!signed && fen < 0n)) return null;
  const abs = fen < 0n ? -fen : fen;
  return abs > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(fen);
}

/** Lists that show money or pay status: every one reloads after a payment, a recharge or a bill step. */
const MONEY_LISTS = [
  '/shipping/hyShippingNote',
  '/shipping/hyShippingNote/pay',
  '/shipping/hyShippingNote/prepay',
  '/shipping/hyShippingNote/advance',
  '/plateform/cost/paylist',
  '/plateform/cost',
  '/plateform/bill',
  '/plateform/wallet/platform',
  '/plateform/wallet/payable',
  '/customer/hyCustomerWallet/customers',
  '/wallet/ledger',
  '/plateform/payout',
  '/plateform/bankPayment',
  '/plateform/adjustment',
  '/customer/hyCustomerRecharge',
  '/plateform/statement',
];

export function announceMoneyChange(): void {
  for (const path of MONEY_LISTS) announceChange(path);
}
