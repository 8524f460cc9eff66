import { z } from 'zod';
import { requiredText } from './textFields.ts';

// Tax on drivers' behalf (domain.md Regulator reporting → Tax): after payment, per driver and month,
// what the tax authority needs (identity, bank card, waybills, freight, bank serial nos.) is collected into the
// tax list (完税列表), sent in batches through the tax adapter (税务数据同步), and the answer fills the record:
// the invoice issued on the driver's behalf, VAT, surcharges, individual income tax and the certificate no.

/** A driver's month (tax_record_state): pending → sent → accepted | failed (corrected → pending); blocked. */
export const TAX_STATE = { pending: 0, sent: 1, accepted: 2, failed: 3, blocked: 4 } as const;

/** A batch sent to the tax authority (tax_batch_state). */
export const TAX_BATCH_STATE = { sent: 1, accepted: 2, partlyFailed: 3, failed: 4 } as const;

/** Defaults of the rates, in basis points; the configuration (hy_config) wins. */
export const DEFAULT_DRIVER_TAX_RATES = {
  /** VAT levy rate of the invoices issued on the drivers' behalf (driver_invoice_tax_rate_bp): 1 %. */
  vatBp: 100,
  /** Surcharges on the VAT (driver_tax_surcharge_rate_bp): 城建 7 % + 教育 3 % + 地方教育 2 %. */
  surchargeBp: 1200,
  /** Individual income tax, assessed on the freight excluding VAT (driver_iit_rate_bp): 0.5 %. */
  iitBp: 50,
} as const;

const half = (num: bigint, den: bigint) => (num * 2n + den) / (den * 2n);

/** The taxes of a driver's month of freight (tax inclusive, fen), each rounded half-up to the fen. */
export function driverTaxes(
  freightFen: number,
  rates: { vatBp: number; surchargeBp: number; iitBp: number },
) {
  const f = BigInt(freightFen);
  const vatFen = Number(half(f * BigInt(rates.vatBp), BigInt(10_000 + rates.vatBp)));
  const surchargeFen = Number(half(BigInt(vatFen) * BigInt(rates.surchargeBp), 10_000n));
  const iitFen = Number(half(BigInt(freightFen - vatFen) * BigInt(rates.iitBp), 10_000n));
  return { vatFen, surchargeFen, iitFen };
}

const period = z.string({ error: '请选择所属期' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '所属期格式为 YYYY-MM');
const id = requiredText('请选择记录', 32);

export const taxCollectBody = z.object({ period });
export const taxSendBody = z.object({ period });
export const taxResendBody = z.object({
  ids: z.array(id, { error: '请选择记录' }).min(1, '请选择记录').max(1000, '一次最多1000条'),
});
export const taxCorrectBody = z
  .object({
    id,
    idCard: z
      .string()
      .trim()
      .regex(/^\d{17}[\dX]$/, '身份证号为18位')
      .optional(),
    cardNo: z
      .string()
      .trim()
      .regex(/^\d{12,30}$/, '银行卡号为12到30位数字')
      .optional(),
  })
  .refine((v) => v.idCard || v.cardNo, '请填写要更正的身份证号或银行卡号');

// Quarterly income reporting of platform operators (国务院令第810号《互联网平台企业涉税信息报送规定》): per
// quarter, each driver's and agent's identity and the income the platform actually paid them, generated from the
// ledger, reviewed by a second person and sent through the tax adapter.

/** A quarter's report (income_report_state): draft → reviewed → sent → accepted | failed (resend). */
export const INCOME_REPORT_STATE = { draft: 0, reviewed: 1, sent: 2, accepted: 3, failed: 4 } as const;

/** Whose income a line reports (income_payee_kind): the ledger owner types of drivers and agents. */
export const INCOME_PAYEE_KIND = { driver: 2, agent: 3 } as const;

/** Tax identity of a payee as far as the platform knows it (income_tax_identity). */
export const INCOME_TAX_IDENTITY = { entrusted: 1, person: 2 } as const;

/** The China-time bounds [from, to) of a quarter `YYYY-Qn`. */
export function quarterBounds(quarter: string): { from: Date; to: Date } {
  const [y, q] = [Number(quarter.slice(0, 4)), Number(quarter.slice(6))];
  const month = (q - 1) * 3 + 1;
  const at = (year: number, m: number) => new Date(`${year}-${String(m).padStart(2, '0')}-01T00:00:00+08:00`);
  return { from: at(y, month), to: q === 4 ? at(y + 1, 1) : at(y, month + 3) };
}

const quarter = z.string({ error: '请选择季度' }).regex(/^\d{4}-Q[1-4]$/, '季度格式为 YYYY-Qn（如 2026-Q1）');

export const incomeGenerateBody = z.object({ quarter });
export const incomeReportIdBody = z.object({ id });
