import { resource } from '../resource.ts';
import {
  aboutCustomer,
  dictSearch,
  fenColumn,
  hiddenKey,
  longTextColumn,
  rejectionColumn,
  searchedTime,
  switchColumn,
  timeColumn,
  waybillNumber,
} from './fields.ts';
import { shipperLog } from './listPresets.ts';

// 发票管理: the invoices of shippers and the waybills on each. Field keys are columns of
// fin_invoice and fin_invoice_note (server/src/modules/finance/invoiceSchema.ts).

export const invoiceResource = resource({
  path: '/plateform/invoice',
  permission: 'finance:invoice',
  title: ['发票管理', 'Invoices'],
  ...shipperLog,
  fields: {
    applyNo: { label: ['申请单号', 'Application no.'], search: true, list: { width: 170, fixed: 'left' } },
    invoiceNo: { label: ['发票号码', 'Invoice no.'], search: true, list: { width: 190, copyable: true } },
    ...aboutCustomer({ width: 180, ellipsis: true }),
    kind: dictSearch(['发票种类', 'Kind'], 'invoice_kind', 190),
    state: dictSearch(['发票状态', 'State'], 'invoice_status', 100, { tag: true }),
    buyerTitle: { label: ['购买方名称', 'Buyer'], list: false },
    buyerTaxNo: { label: ['购买方税号', 'Buyer tax no.'], list: false },
    sellerTitle: { label: ['销售方名称', 'Seller'], list: false },
    sellerTaxNo: { label: ['销售方税号', 'Seller tax no.'], list: false },
    noteCount: { label: ['运单数', 'Waybills'], kind: 'number', form: false, list: { width: 80 } },
    amountFen: fenColumn(['价税合计', 'Total incl. tax'], 130),
    netFen: fenColumn(['金额', 'Amount excl. tax'], 120),
    taxFen: fenColumn(['税额', 'Tax'], 110),
    taxRateBp: { label: ['税率', 'Tax rate'], kind: 'percent', list: false },
    billId: hiddenKey(['账单', 'Bill']),
    issueTime: searchedTime(['开票时间', 'Issued']),
    deliverTo: longTextColumn(['交付至', 'Delivered to'], 160),
    failReason: { label: ['开具失败原因', 'Issue failure'], list: false },
    rejectReason: rejectionColumn,
    redLetterNo: { label: ['红字确认单号', 'Red-letter no.'], list: false },
    redReason: { label: ['红冲原因', 'Red-letter reason'], list: false },
    createBy: { label: ['申请人', 'Applicant'], list: { width: 110 } },
    createTime: timeColumn(['申请时间', 'Applied'], { search: 'range' }),
  },
});

/** The waybills (lines) of an invoice, as printed on it (公告2015年第99号: 起运地, 到达地, 车种车号, 货物). */
export const invoiceNoteResource = resource({
  path: '/plateform/invoice/note',
  permission: 'finance:invoice',
  title: ['发票运单', 'Invoice waybills'],
  id: 'noteId',
  actions: [],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: { field: 'shippingNoteNumber', order: 'asc' },
  fields: {
    invoiceId: hiddenKey(['发票', 'Invoice']),
    noteId: hiddenKey(['运单', 'Waybill']),
    customerId: hiddenKey(['货主', 'Customer']),
    shippingNoteNumber: waybillNumber,
    loadPlace: { label: ['起运地', 'From'], list: { width: 140 } },
    unloadPlace: { label: ['到达地', 'To'], list: { width: 140 } },
    vehicle: { label: ['车种车号', 'Vehicle'], list: { width: 140 } },
    goodsName: { label: ['货物', 'Goods'], list: { width: 120 } },
    amountFen: fenColumn(['价税合计', 'Total incl. tax'], 120),
    netFen: fenColumn(['金额', 'Amount excl. tax'], 120),
    taxFen: fenColumn(['税额', 'Tax'], 100),
    active: switchColumn(['有效', 'Active'], 70, { filter: true }),
  },
});
