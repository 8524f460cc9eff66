import { z } from 'zod';
import { resource } from '../resource.ts';
import { optionalText, requiredText } from '../textFields.ts';
import { longTextColumn } from './fields.ts';

// 凭证导出: a period's accounting vouchers generated from the ledger — each posting one voucher, its
// lines mapped to 科目 by the configurable account mapping — plus a voucher per invoice issued, exported in
// the import layouts of 用友 (U8/T+) and 金蝶 (K/3 Cloud). Credits are the ledger's positive amounts.

export const VOUCHER_FORMATS = ['yonyou', 'kingdee'] as const;
export type VoucherFormat = (typeof VOUCHER_FORMATS)[number];

export const voucherQuery = z.object({
  period: z.string({ error: '请选择会计期间' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, '会计期间格式应为YYYY-MM'),
  format: z.enum(VOUCHER_FORMATS, { error: '导出格式只能是yonyou或kingdee' }).default('yonyou'),
});

/** What a ledger account or an invoice line is booked to. */
export const VOUCHER_ACCOUNT_KEYS = [
  'customer',
  'driver',
  'agent',
  'captain',
  'service_fee',
  'advance_receivable',
  'bank_clearing',
  'adjustment',
  'card_provider',
  'fuel_card',
  'insurer_payable',
  'etc_expense',
  'platform_other',
  'invoice_receivable',
  'invoice_revenue',
  'invoice_tax',
] as const;
export type VoucherAccountKey = (typeof VOUCHER_ACCOUNT_KEYS)[number];

/** Auxiliary accounting (辅助核算) a line carries: the customer, the supplier (payee) or none. */
export const VOUCHER_AUXILIARY = ['none', 'customer', 'supplier'] as const;

/** The default mapping: key, what it is, 科目编码, 科目名称, auxiliary (企业会计准则 account numbers). */
export const DEFAULT_VOUCHER_ACCOUNTS: ReadonlyArray<
  [VoucherAccountKey, string, string, string, (typeof VOUCHER_AUXILIARY)[number]]
> = [
  ['customer', '货主钱包（预收运费）', '2203', '预收账款', 'customer'],
  ['driver', '司机应付运费', '220201', '应付账款-司机运费', 'supplier'],
  ['agent', '经纪人应付佣金', '220202', '应付账款-经纪人佣金', 'supplier'],
  ['captain', '车队长应付', '220203', '应付账款-车队长', 'supplier'],
  ['service_fee', '平台服务费收入', '600101', '主营业务收入-平台服务费', 'none'],
  ['advance_receivable', '垫付应收款', '122101', '其他应收款-垫付运费', 'none'],
  ['bank_clearing', '银行存款（监管账户）', '100201', '银行存款-监管账户', 'none'],
  ['adjustment', '调账户', '224102', '其他应付款-调账理赔', 'none'],
  ['card_provider', '油卡/ETC待结算', '220204', '应付账款-油卡ETC', 'none'],
  ['fuel_card', '油卡账户', '112301', '预付账款-油卡', 'none'],
  ['insurer_payable', '应付保险费', '224101', '其他应付款-代收保险费', 'none'],
  ['etc_expense', 'ETC通行费支出', '640102', '主营业务成本-ETC通行费', 'none'],
  ['platform_other', '平台其他账户', '224199', '其他应付款-其他', 'none'],
  ['invoice_receivable', '开票应收', '1122', '应收账款', 'customer'],
  ['invoice_revenue', '开票收入（不含税）', '600102', '主营业务收入-运输收入', 'none'],
  ['invoice_tax', '销项税额', '22210101', '应交税费-应交增值税(销项税额)', 'none'],
];

export const voucherAccountBody = z.object({
  subjectCode: z
    .string({ error: '请填写科目编码' })
    .trim()
    .regex(/^[0-9A-Za-z.]{1,20}$/, '科目编码只能是1-20位数字、字母或点'),
  subjectName: requiredText('请填写科目名称', 100),
  auxiliary: z.enum(VOUCHER_AUXILIARY).default('none'),
  remark: optionalText(200),
});

export const voucherAccountResource = resource({
  path: '/finance/voucherAccount',
  permission: 'finance:voucher:account',
  title: ['凭证科目', 'Voucher accounts'],
  actions: ['edit', 'export'],
  scope: { tenant: true },
  defaultSort: { field: 'sortNo', order: 'asc' },
  body: voucherAccountBody,
  fields: {
    accountKey: { label: ['账户代码', 'Account key'], form: 'readonly', list: { width: 160 } },
    accountName: {
      label: ['平台账户', 'Platform account'],
      form: 'readonly',
      search: 'like',
      list: { width: 200 },
    },
    subjectCode: {
      label: ['科目编码', 'Subject code'],
      required: true,
      search: true,
      list: { width: 120 },
    },
    subjectName: { label: ['科目名称', 'Subject name'], required: true, list: { width: 240 } },
    auxiliary: {
      label: ['辅助核算', 'Auxiliary'],
      kind: 'dict',
      options: [
        { value: 'none', label: ['无', 'None'] },
        { value: 'customer', label: ['客户', 'Customer'] },
        { value: 'supplier', label: ['供应商', 'Supplier'] },
      ],
      list: { width: 100 },
    },
    remark: longTextColumn(['备注', 'Remark'], 200),
    sortNo: { label: ['排序', 'Order'], kind: 'number', form: false, list: false, sort: true },
    updateTime: { label: ['修改时间', 'Updated'], kind: 'datetime', form: false, list: { width: 160 } },
  },
});

/** One line of a voucher (amounts in fen: one side set, the other 0). */
export interface VoucherEntry {
  summary: string;
  subjectCode: string;
  subjectName: string;
  debitFen: number;
  creditFen: number;
  /** The customer or payee the line concerns (辅助核算), by name. */
  partner: string | null;
  partnerKind: (typeof VOUCHER_AUXILIARY)[number];
}

export interface Voucher {
  /** 记-0001 ... within the period. */
  number: number;
  date: string;
  word: string;
  summary: string;
  /** The ledger posting (or invoice) it comes from. */
  source: string;
  sourceKind: string;
  entries: VoucherEntry[];
}

export interface VoucherPreview {
  period: string;
  vouchers: Voucher[];
  totals: {
    count: number;
    debitFen: number;
    creditFen: number;
    ledgerDebitFen: number;
    ledgerCreditFen: number;
  };
}
