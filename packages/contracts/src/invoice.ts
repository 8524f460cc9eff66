import { z } from 'zod';
import { idempotencyKey } from './finance.ts';
import { requiredText } from './textFields.ts';

// Invoices (domain.md Invoice): 数电票 issued to shippers over their paid waybills, through the
// e-invoice adapter. Codes are the seeded dictionaries invoice_status (the invoice's state), invoice_kind and
// note_invoice_status (the waybill's own column). Amounts are integer fen.

/** The invoice's state (invoice_status): 0 to apply → 1 applied → 2 issuing → 3 issued → 4 delivered. */
export const INVOICE_STATE = {
  draft: 0,
  applied: 1,
  issuing: 2,
  issued: 3,
  delivered: 4,
  rejected: 5,
  redLetter: 6,
} as const;

/** The waybill's own invoice status (note_invoice_status): back to 0 on rejection or red-letter. */
export const NOTE_INVOICE_STATUS = { none: 0, applied: 1, invoiced: 2 } as const;

/** 数电票 kinds (invoice_kind): 1 增值税专用发票, 2 普通发票. */
export const INVOICE_KIND = { special: 1, normal: 2 } as const;

export type InvoiceAction = 'submit' | 'issue' | 'issued' | 'fail' | 'reject' | 'deliver' | 'redLetter';

/**
 * Every legal move: the action, the states it leaves from and the state it reaches. `issued` and `fail` are
 * the tax service's answers to an issuing invoice (a failure returns it to applied, to be issued again).
 */
export const INVOICE_TRANSITIONS: Record<
  InvoiceAction,
  { from: readonly number[]; to: number; label: string }
> = {
  submit: { from: [INVOICE_STATE.draft], to: INVOICE_STATE.applied, label: '提交申请' },
  issue: { from: [INVOICE_STATE.applied], to: INVOICE_STATE.issuing, label: '开票' },
  issued: { from: [INVOICE_STATE.issuing], to: INVOICE_STATE.issued, label: '已开具' },
  fail: { from: [INVOICE_STATE.issuing], to: INVOICE_STATE.applied, label: '开具失败' },
  reject: { from: [INVOICE_STATE.draft, INVOICE_STATE.applied], to: INVOICE_STATE.rejected, label: '驳回' },
  deliver: {
    from: [INVOICE_STATE.issued, INVOICE_STATE.delivered],
    to: INVOICE_STATE.delivered,
    label: '交付',
  },
  redLetter: {
    from: [INVOICE_STATE.issued, INVOICE_STATE.delivered],
    to: INVOICE_STATE.redLetter,
    label: '红冲',
  },
};

export function canInvoice(action: InvoiceAction, state: number): boolean {
  return INVOICE_TRANSITIONS[action].from.includes(state);
}

/** Default VAT rate of transport services, in basis points (9 %); the configuration `invoice_tax_rate_bp` wins. */
export const DEFAULT_INVOICE_TAX_RATE_BP = 900;

/**
 * The tax inside a tax-inclusive amount at `rateBp`, rounded half-up to the fen, in integers only:
 * amount × rate / (1 + rate).
 */
export function taxOfInclusive(amountFen: number, rateBp: number): number {
  if (!Number.isSafeInteger(amountFen) || !Number.isInteger(rateBp) || rateBp < 0)
    throw new Error('amount and rate must be integers');
  const sign = amountFen < 0 ? -1 : 1;
  const abs = BigInt(Math.abs(amountFen));
  const num = abs * BigInt(rateBp) * 2n + BigInt(10_000 + rateBp);
  const tax = num / (BigInt(10_000 + rateBp) * 2n);
  return sign * Number(tax);
}

export interface TaxLine {
  amountFen: number;
  netFen: number;
  taxFen: number;
}

/** The split of each line, and the totals as the sums of the lines (never a rounding of the total). */
export function splitTax(
  amountsFen: readonly number[],
  rateBp: number,
): { lines: TaxLine[]; amountFen: number; netFen: number; taxFen: number } {
  const lines = amountsFen.map((amountFen) => {
    const taxFen = taxOfInclusive(amountFen, rateBp);
    return { amountFen, netFen: amountFen - taxFen, taxFen };
  });
  const sum = (f: (l: TaxLine) => number) => lines.reduce((t, l) => t + f(l), 0);
  return {
    lines,
    amountFen: sum((l) => l.amountFen),
    netFen: sum((l) => l.netFen),
    taxFen: sum((l) => l.taxFen),
  };
}

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'];
const IN_GROUP = ['', '拾', '佰', '仟'];
const GROUPS = ['', '万', '亿', '万亿'];

/** Four digits (0..9999) in capitals, without leading zero; `full` keeps 壹 before a leading 拾. */
function groupInCapitals(n: number): string {
  let out = '';
  let zero = false;
  for (let pos = 3; pos >= 0; pos--) {
    const d = Math.floor(n / 10 ** pos) % 10;
    if (d === 0) {
      if (out) zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    out += DIGITS[d] + IN_GROUP[pos];
  }
  return out;
}

/**
 * An amount of fen in Chinese capitals as written on invoices and cheques (人民币大写):
 * 1234500 → 壹万贰仟叁佰肆拾伍圆整, 1000507 → 壹万零伍圆零柒分. A negative amount (red letter) reads 负….
 */
export function amountInChinese(fen: number): string {
  if (!Number.isSafeInteger(fen)) throw new Error('amount must be whole fen');
  if (fen < 0) return `负${amountInChinese(-fen)}`;
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  let integer = '';
  if (yuan > 0) {
    const groups: number[] = [];
    for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
    let pendingZero = false;
    for (let i = groups.length - 1; i >= 0; i--) {
      const g = groups[i] ?? 0;
      if (g === 0) {
        if (integer) pendingZero = true;
        continue;
      }
      if (integer && (pendingZero || g < 1000)) integer += '零';
      pendingZero = false;
      integer += groupInCapitals(g) + GROUPS[i];
    }
    integer += '圆';
  }
  if (jiao === 0 && cents === 0) return `${integer || '零圆'}整`;
  let fraction = '';
  if (jiao > 0) fraction += `${DIGITS[jiao]}角`;
  else if (integer) fraction += '零';
  if (cents > 0) fraction += `${DIGITS[cents]}分`;
  else fraction += '整';
  return integer + fraction;
}

/** A 数电票 number: 20 digits (no invoice code). */
export const EINVOICE_NO = /^\d{20}$/;

const id = requiredText('请选择记录', 32);
const reason = (what: string) =>
  z
    .string({ error: `请填写${what}` })
    .trim()
    .min(1, `请填写${what}`)
    .max(255, `${what}最多255字`);

/** Apply over chosen waybills or over a bill (one of the two), as a 专票 or 普票. */
export const invoiceApplyBody = z
  .object({
    noteIds: z
      .array(id, { error: '请选择运单' })
      .min(1, '请选择运单')
      .max(1000, '一次最多1000个运单')
      .refine((ids) => new Set(ids).size === ids.length, '运单重复')
      .optional(),
    billId: id.optional(),
    kind: z.union([z.literal(INVOICE_KIND.special), z.literal(INVOICE_KIND.normal)], {
      error: '请选择发票种类（1 专票，2 普票）',
    }),
    /** Saved as 待申请 (state 0) instead of submitted. */
    draft: z.boolean().optional(),
    remark: z.string().trim().max(255).optional(),
    idempotencyKey: idempotencyKey.optional(),
  })
  .refine((v) => (v.noteIds ? 1 : 0) + (v.billId ? 1 : 0) === 1, '请选择运单或账单（二选一）');

export const invoiceIdBody = z.object({ id });
export const invoiceRejectBody = z.object({ id, reason: reason('驳回原因') });
export const invoiceDeliverBody = z.object({
  id,
  to: z
    .string({ error: '请填写交付邮箱或手机号' })
    .trim()
    .refine(
      (v) => /^1\d{10}$/.test(v) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
      '请填写正确的邮箱或11位手机号',
    ),
});
export const invoiceRedLetterBody = z.object({ id, reason: reason('红冲原因') });
