import { z } from 'zod';
import { resource } from '../resource.ts';
import { requiredText } from '../textFields.ts';
import {
  filterKey,
  identifierColumn,
  labelledOptions,
  longTextColumn,
  optionsSearch,
  searchedTime,
  sortedFen,
  waybillNumber,
} from './fields.ts';
import { shipperLog } from './listPresets.ts';

// 运输合同: the electronic transport contracts of the platform — with the actual carrier of each waybill (承运合同,
// signed when the driver accepts) and with each shipper (托运框架合同, one per customer and period). Made from
// versioned templates as PDFs and signed through the e-signature adapter; shown, downloaded and verified here.

/** Contract kinds. */
export const CONTRACT_KINDS = ['carrier', 'shipper'] as const;
export type ContractKind = (typeof CONTRACT_KINDS)[number];

/** A contract's state. */
export const CONTRACT_STATE = { draft: 0, signed: 1, void: 2 } as const;

const CONTRACT_KIND_OPTIONS = labelledOptions(CONTRACT_KINDS, {
  carrier: ['承运合同', 'Carrier contract'],
  shipper: ['托运框架合同', 'Shipper framework'],
});

const CONTRACT_STATE_OPTIONS = [
  { value: CONTRACT_STATE.draft, label: ['待签署', 'Draft'] },
  { value: CONTRACT_STATE.signed, label: ['已签署', 'Signed'] },
  { value: CONTRACT_STATE.void, label: ['已作废', 'Void'] },
] as const;

/** Generate and sign the carrier contract of an accepted waybill that has none (idempotent). */
export const carrierContractBody = z.object({
  noteId: requiredText('请选择运单', 32),
});

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD');

/** Generate and sign a shipper's framework contract for a period (idempotent per customer and period). */
export const frameworkContractBody = z
  .object({
    customerId: requiredText('请选择货主', 32),
    periodFrom: day,
    periodTo: day,
  })
  .refine((b) => b.periodFrom <= b.periodTo, { message: '合同期限的结束日期不能早于开始日期' });

/** What verifying a contract found. */
export interface ContractVerification {
  contractNo: string;
  /** The stored PDF's digest equals the signed digest and the CA's signature holds. */
  valid: boolean;
  digestMatches: boolean;
  signatureValid: boolean;
  /** sha256 of the stored PDF now, and the digest that was signed. */
  digest: string;
  signedDigest: string;
  caName: string | null;
  keyId: string | null;
  signer: string | null;
  signTime: string | null;
  message: string;
}

export const transportContractResource = resource({
  path: '/shipping/contract',
  permission: 'shipping:contract',
  title: ['运输合同', 'Transport contracts'],
  ...shipperLog,
  fields: {
    contractNo: identifierColumn(['合同编号', 'Contract no.'], { fixed: 'left', width: 190, copyable: true }),
    kind: optionsSearch(['合同类型', 'Kind'], CONTRACT_KIND_OPTIONS, 120, { tag: true }),
    partyA: longTextColumn(['甲方', 'Party A'], 200),
    partyB: { label: ['乙方', 'Party B'], search: 'like', list: { width: 160, ellipsis: true } },
    shippingNoteNumber: waybillNumber,
    customerName: { label: ['货主', 'Shipper'], search: 'like', list: { width: 170, ellipsis: true } },
    goodsName: { label: ['货物', 'Goods'], list: false },
    route: longTextColumn(['线路', 'Route'], 150),
    periodFrom: { label: ['期限起', 'From'], kind: 'date', list: false },
    periodTo: { label: ['期限止', 'To'], kind: 'date', list: false },
    freightFen: sortedFen(['运费(元)', 'Freight'], 110),
    templateVersion: { label: ['模板版本', 'Template version'], kind: 'number', list: false },
    state: optionsSearch(['状态', 'State'], CONTRACT_STATE_OPTIONS, 90, { tag: true }),
    signTime: searchedTime(['签署时间', 'Signed at'], 160),
    signer: { label: ['签署人', 'Signer'], list: false },
    signedBy: { label: ['代签操作人', 'Signed on behalf by'], list: false },
    caName: { label: ['签章机构', 'CA'], list: false },
    signKeyId: { label: ['签章证书', 'Key'], list: false, export: false },
    digest: { label: ['文件摘要(SHA-256)', 'Digest (SHA-256)'], list: false, export: false },
    noteId: filterKey(['运单', 'Waybill']),
    customerId: filterKey(['货主', 'Shipper']),
    createTime: { label: ['生成时间', 'Created'], kind: 'datetime', sort: true, list: false },
  },
});
