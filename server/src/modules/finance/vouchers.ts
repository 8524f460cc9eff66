import {
  DEFAULT_VOUCHER_ACCOUNTS,
  PLATFORM_ACCOUNT,
  type Voucher,
  type VoucherAccountKey,
  type VoucherEntry,
  type VoucherFormat,
  type VoucherPreview,
  WALLET_OWNER,
} from '@freight/contracts';
import { asc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { finInvoice } from './invoiceSchema.ts';
import { finLedgerLine, finPosting, finWallet } from './schema.ts';
import { finVoucherAccount } from './voucherSchema.ts';

// 凭证导出: the vouchers of an accounting period (a calendar month, China time). Every ledger
// posting of the period is one voucher whose entries are its ledger lines — a negative line (debit) on the
// debit side, a positive one (credit) on the credit side — booked to the 科目 of the account mapping; its lines
// sum to zero, so each voucher balances and the period's debits and credits are the ledger's. Each invoice
// issued in the period is a voucher too (receivable / revenue + output VAT), and a red-letter one reverses it
// in red (negative amounts on the same sides), as the accounting systems book 红字冲销.

const WORD = '记';
const PLATFORM_KEYS = new Set<string>(Object.values(PLATFORM_ACCOUNT));

/** The period's bounds in China time. */
export function periodBounds(period: string): { from: Date; to: Date } {
  const [y, m] = period.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${period}-01T00:00:00+08:00`), to: new Date(`${next}-01T00:00:00+08:00`) };
}

const chinaDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', dateStyle: 'short' }).format(d);

/** The mapping rows of a tenant, the defaults written first where missing. */
export async function voucherAccounts(db: DbOrTx, tenantId: number) {
  await db
    .insert(finVoucherAccount)
    .values(
      DEFAULT_VOUCHER_ACCOUNTS.map(([accountKey, accountName, subjectCode, subjectName, auxiliary], i) => ({
        tenantId,
        accountKey,
        accountName,
        subjectCode,
        subjectName,
        auxiliary,
        sortNo: i + 1,
        createBy: 'system',
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(finVoucherAccount).where(eq(finVoucherAccount.tenantId, tenantId));
  return new Map(rows.map((r) => [r.accountKey, r]));
}

function keyOfLine(ownerType: number, ownerId: string): VoucherAccountKey {
  switch (ownerType) {
    case WALLET_OWNER.customer:
      return 'customer';
    case WALLET_OWNER.driver:
      return 'driver';
    case WALLET_OWNER.agent:
      return 'agent';
    case WALLET_OWNER.captain:
      return 'captain';
    default:
      if (PLATFORM_KEYS.has(ownerId)) return ownerId as VoucherAccountKey;
      return ownerId.startsWith('fuel') ? 'fuel_card' : 'platform_other';
  }
}

const EVENT_TEXT: Record<string, string> = {
  recharge: '货主充值',
  charge: '运费结算',
  advance: '平台垫付运费',
  payout: '银行代付',
  card_share: '油卡/ETC分账',
  adjustment: '调账',
  claim: '货损理赔',
  insurance: '货运险保费',
  insurance_refund: '货运险退保',
};

/** The vouchers of a period and their totals beside the ledger's own sums. */
export async function buildVouchers(db: DbOrTx, tenantId: number, period: string): Promise<VoucherPreview> {
  const { from, to } = periodBounds(period);
  const accounts = await voucherAccounts(db, tenantId);
  const account = (key: VoucherAccountKey) => {
    const row = accounts.get(key) ?? accounts.get('platform_other');
    return {
      code: row?.subjectCode ?? '',
      name: row?.subjectName ?? '',
      auxiliary: (row?.auxiliary ?? 'none') as VoucherEntry['partnerKind'],
    };
  };
  const inPeriod = ofTenant(
    finPosting,
    tenantId,
    gte(finPosting.createTime, from),
    lt(finPosting.createTime, to),
  );
  const postings = await db
    .select()
    .from(finPosting)
    .where(inPeriod)
    .orderBy(asc(finPosting.createTime), asc(finPosting.id));
  const lines = postings.length
    ? await db
        .select({
          postingId: finLedgerLine.postingId,
          ownerType: finLedgerLine.ownerType,
          ownerId: finLedgerLine.ownerId,
          amountFen: finLedgerLine.amountFen,
          shippingNoteNumber: finLedgerLine.shippingNoteNumber,
          ownerName: finWallet.ownerName,
        })
        .from(finLedgerLine)
        .innerJoin(finWallet, eq(finWallet.id, finLedgerLine.walletId))
        .where(
          inArray(finLedgerLine.postingId, db.select({ id: finPosting.id }).from(finPosting).where(inPeriod)),
        )
        .orderBy(asc(finLedgerLine.id))
    : [];
  const byPosting = new Map<string, typeof lines>();
  for (const line of lines) byPosting.set(line.postingId, [...(byPosting.get(line.postingId) ?? []), line]);

  const drafts: Array<Omit<Voucher, 'number'> & { at: number }> = [];
  for (const p of postings) {
    const own = byPosting.get(p.id) ?? [];
    const noteNo = own.find((l) => l.shippingNoteNumber)?.shippingNoteNumber;
    // A waybill's posting names the waybill; a recharge names the shipper and the bank serial.
    const customer = own.find((l) => l.ownerType === WALLET_OWNER.customer)?.ownerName;
    const summary = [
      EVENT_TEXT[p.event] ?? p.memo ?? p.event,
      noteNo ? `运单${noteNo}` : [customer, p.bankSerialNo].filter(Boolean).join(' '),
    ]
      .filter(Boolean)
      .join(' ');
    drafts.push({
      at: p.createTime.getTime(),
      date: chinaDate(p.createTime),
      word: WORD,
      summary,
      source: p.id,
      sourceKind: p.event,
      entries: own.map((l) => {
        const a = account(keyOfLine(l.ownerType, l.ownerId));
        return {
          summary,
          subjectCode: a.code,
          subjectName: a.name,
          debitFen: Math.max(0, -l.amountFen),
          creditFen: Math.max(0, l.amountFen),
          partner: a.auxiliary === 'none' ? null : l.ownerName,
          partnerKind: a.auxiliary,
        };
      }),
    });
  }

  // Invoices issued in the period, and red letters of the period in red.
  const invoices = await db
    .select()
    .from(finInvoice)
    .where(
      ofTenant(
        finInvoice,
        tenantId,
        isNotNull(finInvoice.invoiceNo),
        sql`((${finInvoice.issueTime} >= ${from} and ${finInvoice.issueTime} < ${to}) or (${finInvoice.redTime} >= ${from} and ${finInvoice.redTime} < ${to}))`,
      ),
    );
  const receivable = account('invoice_receivable');
  const revenue = account('invoice_revenue');
  const tax = account('invoice_tax');
  for (const inv of invoices) {
    const events: Array<[Date, 1 | -1]> = [];
    if (inv.issueTime && inv.issueTime >= from && inv.issueTime < to) events.push([inv.issueTime, 1]);
    if (inv.redTime && inv.redTime >= from && inv.redTime < to) events.push([inv.redTime, -1]);
    for (const [at, sign] of events) {
      const summary =
        `${sign > 0 ? '开具发票' : '红冲发票'} ${inv.invoiceNo} ${inv.customerName ?? ''}`.trim();
      const entry = (a: typeof receivable, debitFen: number, creditFen: number): VoucherEntry => ({
        summary,
        subjectCode: a.code,
        subjectName: a.name,
        debitFen: sign * debitFen,
        creditFen: sign * creditFen,
        partner: a.auxiliary === 'none' ? null : inv.customerName,
        partnerKind: a.auxiliary,
      });
      drafts.push({
        at: at.getTime(),
        date: chinaDate(at),
        word: WORD,
        summary,
        source: inv.id,
        sourceKind: sign > 0 ? 'invoice' : 'invoice_red',
        entries: [
          entry(receivable, inv.amountFen, 0),
          entry(revenue, 0, inv.netFen),
          entry(tax, 0, inv.amountFen - inv.netFen),
        ].filter((e) => e.debitFen !== 0 || e.creditFen !== 0),
      });
    }
  }
  drafts.sort((a, b) => a.at - b.at || a.source.localeCompare(b.source));
  const vouchers: Voucher[] = drafts.map(({ at: _at, ...v }, i) => ({ number: i + 1, ...v }));

  const [ledger] = await db
    .select({
      debit: sql<string>`coalesce(sum(case when ${finLedgerLine.amountFen} < 0 then -${finLedgerLine.amountFen} else 0 end), 0)`,
      credit: sql<string>`coalesce(sum(case when ${finLedgerLine.amountFen} > 0 then ${finLedgerLine.amountFen} else 0 end), 0)`,
    })
    .from(finLedgerLine)
    .where(
      inArray(finLedgerLine.postingId, db.select({ id: finPosting.id }).from(finPosting).where(inPeriod)),
    );
  let debitFen = 0;
  let creditFen = 0;
  for (const v of vouchers)
    for (const e of v.entries) {
      debitFen += e.debitFen;
      creditFen += e.creditFen;
    }
  return {
    period,
    vouchers,
    totals: {
      count: vouchers.length,
      debitFen,
      creditFen,
      ledgerDebitFen: Number(ledger?.debit ?? 0),
      ledgerCreditFen: Number(ledger?.credit ?? 0),
    },
  };
}

const yuan = (fen: number) => Math.round(fen) / 100;

/**
 * 用友 U8 总账「凭证引入」/ T+ 凭证导入 layout: one row per entry, the voucher identified by 制单日期 +
 * 凭证类别字 + 凭证号, one amount side per row.
 */
const YONYOU_COLUMNS = [
  ['制单日期', 12],
  ['凭证类别字', 10],
  ['凭证号', 8],
  ['附单据数', 8],
  ['摘要', 36],
  ['科目编码', 12],
  ['科目名称', 28],
  ['借方金额', 14],
  ['贷方金额', 14],
  ['币种', 8],
  ['汇率', 6],
  ['客户', 20],
  ['供应商', 20],
  ['制单人', 10],
  ['业务参考号', 34],
] as const;

/**
 * 金蝶云星空 (K/3 Cloud) 凭证引入 layout: the first row the field keys, the second their names; the voucher
 * head (账簿, 日期, 凭证字, 凭证号) on the first entry row of each voucher, then its entries (分录).
 */
const KINGDEE_COLUMNS = [
  ['FBillHead(GL_VOUCHER)', '(单据头)序号', 10],
  ['FAccountBookID', '(单据头)账簿#编码', 12],
  ['FDate', '(单据头)日期', 12],
  ['FVOUCHERGROUPID', '(单据头)凭证字#编码', 10],
  ['FVOUCHERGROUPNO', '(单据头)凭证号', 10],
  ['FATTACHMENTS', '(单据头)附件数', 8],
  ['*Split*1', '间隔列', 4],
  ['FEntity', '(分录)序号', 8],
  ['FEXPLANATION', '(分录)摘要', 36],
  ['FACCOUNTID', '(分录)科目编码', 12],
  ['FACCOUNTID#Name', '(分录)科目名称', 28],
  ['FDetailID#FFLEX6', '(分录)核算维度#客户', 20],
  ['FDetailID#FFLEX4', '(分录)核算维度#供应商', 20],
  ['FCURRENCYID', '(分录)币别#编码', 10],
  ['FEXCHANGERATETYPE', '(分录)汇率类型#编码', 12],
  ['FEXCHANGERATE', '(分录)汇率', 8],
  ['FAMOUNTFOR', '(分录)原币金额', 14],
  ['FDEBIT', '(分录)借方金额', 14],
  ['FCREDIT', '(分录)贷方金额', 14],
] as const;

/** The period's vouchers as the accounting system's import workbook. */
export async function voucherWorkbook(
  preview: VoucherPreview,
  format: VoucherFormat,
  options: { operator: string; accountBook?: string },
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'freight-platform';
  if (format === 'yonyou') {
    const ws = wb.addWorksheet('凭证');
    ws.columns = YONYOU_COLUMNS.map(([header, width]) => ({ header, width }));
    for (const v of preview.vouchers)
      for (const e of v.entries)
        ws.addRow([
          v.date,
          v.word,
          v.number,
          0,
          e.summary,
          e.subjectCode,
          e.subjectName,
          yuan(e.debitFen),
          yuan(e.creditFen),
          'RMB',
          1,
          e.partnerKind === 'customer' ? e.partner : null,
          e.partnerKind === 'supplier' ? e.partner : null,
          options.operator,
          v.source,
        ]);
    for (const col of [8, 9]) ws.getColumn(col).numFmt = '0.00';
  } else {
    const ws = wb.addWorksheet('凭证#单据头(FBillHead)');
    ws.columns = KINGDEE_COLUMNS.map(([key, , width]) => ({ header: key, width }));
    ws.addRow(KINGDEE_COLUMNS.map(([, name]) => name));
    for (const v of preview.vouchers)
      v.entries.forEach((e, i) => {
        const head = i === 0;
        const amount = e.debitFen !== 0 ? e.debitFen : e.creditFen;
        ws.addRow([
          head ? v.number : null,
          head ? (options.accountBook ?? '001') : null,
          head ? v.date : null,
          head ? 'PRE001' : null,
          head ? v.number : null,
          head ? 0 : null,
          null,
          i + 1,
          e.summary,
          e.subjectCode,
          e.subjectName,
          e.partnerKind === 'customer' ? e.partner : null,
          e.partnerKind === 'supplier' ? e.partner : null,
          'PRE001',
          'HLTX01_SYS',
          1,
          yuan(amount),
          yuan(e.debitFen),
          yuan(e.creditFen),
        ]);
      });
    for (const col of [17, 18, 19]) ws.getColumn(col).numFmt = '0.00';
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
