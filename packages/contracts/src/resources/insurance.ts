import { z } from 'zod';
import { boundedInteger } from '../numberFields.ts';
import { resource } from '../resource.ts';
import { optionalText, requiredText } from '../textFields.ts';
import {
  dictField,
  dictSearch,
  filterKey,
  identifierColumn,
  longTextColumn,
  optionsSearch,
  searchedTime,
  sortedFen,
  switchColumn,
  waybillNumber,
} from './fields.ts';
import { shipperLog } from './listPresets.ts';

// 货运险: a waybill's cargo insured before loading through the insurer adapter (a simulated insurer
// ships with the product), the premium charged to the shipper through the ledger (customer → insurer payable),
// refunded when the policy is cancelled before loading; the policy number and insurer code go to the
// regulator's waybill message. The premium rates are a configuration table per cargo class.

/** A policy's state. */
export const POLICY_STATE = { insured: 1, cancelled: 2 } as const;

/** The insurer of the simulated adapter (a code of the regulator's insurance_company table). */
export const SIM_INSURER_CODE = 'PICC';

/** Premium = insured value × rate (万分之, basis points), at least the minimum premium. */
export function premiumOf(insuredValueFen: number, rateBp: number, minPremiumFen: number): number {
  return Math.max(minPremiumFen, Math.round((insuredValueFen * rateBp) / 10_000));
}

const idempotencyKey = z
  .string({ error: '缺少幂等键' })
  .trim()
  .min(8, '幂等键至少8位')
  .max(64, '幂等键最多64位');

/** Insure a waybill before loading (the server finds the rate and computes the premium). */
export const insureBody = z.object({
  noteId: requiredText('请选择运单', 32),
  /** Insured value in fen (the cargo's value), 1 yuan to 100 million yuan. */
  insuredValueFen: boundedInteger(
    { missing: '请填写保额', notWhole: '保额以分计，须为整数' },
    [100, '保额至少1元'],
    [10_000_000_000, '保额不能超过1亿元'],
  ),
  /** Cargo class (cargo_type dictionary); the note's own when omitted. */
  cargoType: z.string().trim().max(10).optional(),
  idempotencyKey,
});
export type InsureBody = z.infer<typeof insureBody>;

/** Cancel a policy before loading: the premium is refunded. */
export const cancelPolicyBody = z.object({
  id: z.string().trim().min(1).max(32),
  reason: z.string({ error: '请填写退保原因' }).trim().min(2, '请填写退保原因').max(200),
  idempotencyKey,
});

/** Report a cargo-damage claim on a policy: submitted as a 货损理赔 adjustment of the waybill. */
export const policyClaimBody = z.object({
  id: z.string().trim().min(1).max(32),
  amountFen: z.number({ error: '请填写理赔金额' }).int().min(1, '理赔金额须大于0'),
  reason: z.string({ error: '请填写理赔原因' }).trim().min(2, '请填写理赔原因').max(200),
  idempotencyKey,
});

const POLICY_STATE_OPTIONS = [
  { value: POLICY_STATE.insured, label: ['已承保', 'Insured'] },
  { value: POLICY_STATE.cancelled, label: ['已退保', 'Cancelled'] },
] as const;

export const insuranceResource = resource({
  path: '/compliance/insurance',
  permission: 'compliance:insurance',
  title: ['货运保险', 'Cargo insurance'],
  ...shipperLog,
  fields: {
    policyNo: identifierColumn(['保单号', 'Policy no.'], { fixed: 'left', width: 190, copyable: true }),
    shippingNoteNumber: waybillNumber,
    customerName: { label: ['货主', 'Shipper'], search: 'like', list: { width: 170, ellipsis: true } },
    insurerCode: dictSearch(['保险公司', 'Insurer'], 'insurance_company', 150),
    cargoType: dictField(['货物分类', 'Cargo class'], 'cargo_type', { list: { width: 130 } }),
    goodsName: { label: ['货物', 'Goods'], list: { width: 100 } },
    insuredValueFen: sortedFen(['保额(元)', 'Insured value'], 120),
    rateBp: { label: ['费率(万分之)', 'Rate (‱)'], kind: 'number', list: { width: 100 } },
    premiumFen: sortedFen(['保费(元)', 'Premium'], 100),
    state: optionsSearch(['状态', 'State'], POLICY_STATE_OPTIONS, 90, { tag: true }),
    insureTime: searchedTime(['投保时间', 'Insured at'], 160),
    cancelTime: { label: ['退保时间', 'Cancelled at'], kind: 'datetime', list: false },
    cancelReason: { label: ['退保原因', 'Cancel reason'], list: false },
    claimAdjustNo: { label: ['理赔单号', 'Claim no.'], list: { width: 170 } },
    claimFen: { label: ['理赔金额(元)', 'Claimed'], kind: 'fen', list: false },
    insurerRequestId: { label: ['承保流水号', 'Insurer request id'], list: false },
    createBy: { label: ['投保人', 'Insured by'], list: false },
    noteId: filterKey(['运单', 'Waybill']),
    customerId: filterKey(['货主', 'Shipper']),
    createTime: { label: ['创建时间', 'Created'], kind: 'datetime', sort: true, list: false },
  },
});

/** A premium rate per cargo class (the platform default when no class matches). */
export const insuranceRateBody = z.object({
  cargoType: requiredText('请选择货物分类', 10),
  insurerCode: requiredText('请选择保险公司', 20),
  rateBp: boundedInteger(
    { missing: '请填写费率', notWhole: '费率以万分之计，须为整数' },
    [1, '费率至少万分之1'],
    [500, '费率不能超过万分之500'],
  ),
  minPremiumFen: z.number().int().min(0).max(100_000_000).default(0),
  enabled: z.boolean().default(true),
  remark: optionalText(200),
});

/** The cargo class whose rate serves every class without one of its own (其他). */
export const DEFAULT_RATE_CARGO = '1900';

export const insuranceRateResource = resource({
  path: '/compliance/insuranceRate',
  permission: 'compliance:insurance:rate',
  title: ['保险费率', 'Premium rates'],
  actions: ['add', 'edit', 'delete', 'export'],
  scope: { tenant: true },
  defaultSort: { field: 'cargoType', order: 'asc' },
  body: insuranceRateBody,
  fields: {
    cargoType: dictSearch(['货物分类', 'Cargo class'], 'cargo_type', 160, {
      required: true,
      sort: true,
      help: ['未配置费率的分类按“其他”的费率', 'Classes without a rate use the rate of “Other”'],
    }),
    insurerCode: dictField(['保险公司', 'Insurer'], 'insurance_company', {
      required: true,
      list: { width: 160 },
    }),
    rateBp: { label: ['费率(万分之)', 'Rate (‱)'], kind: 'number', required: true, list: { width: 110 } },
    minPremiumFen: { label: ['最低保费(元)', 'Minimum premium'], kind: 'fen', list: { width: 120 } },
    enabled: switchColumn(['启用', 'Enabled'], 70, { filter: true }),
    remark: longTextColumn(['备注', 'Remark'], 200),
    createTime: { label: ['创建时间', 'Created'], kind: 'datetime', form: false, list: false },
  },
});
