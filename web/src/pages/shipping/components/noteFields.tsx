// The columns, search fields and detail fields of the shipping-note lists (issue 8 §3). Every list picks the
// ones it exists for from this one catalogue, so a column reads the same on every screen.
import { formatDateTime } from '@freight/contracts';
import { Space, Typography } from 'antd';
import type { ResourceField } from '../../../components/resource';

type Row = Record<string, unknown>;

// The addresses on hover: the list sends them with the cities.
const route = (_value: unknown, row: Row) => (
  <Space
    size={4}
    wrap={false}
    title={`${String(row.loadAddress ?? '')} → ${String(row.unloadAddress ?? '')}`}
  >
    <span>{String(row.loadCity ?? '')}</span>
    <Typography.Text type="secondary">→</Typography.Text>
    <span>{String(row.unloadCity ?? '')}</span>
  </Space>
);

const CATALOGUE: Record<string, ResourceField> = {
  shippingNoteNumber: {
    name: 'shippingNoteNumber',
    label: ['运单号', 'Waybill no.'],
    search: true,
    sorter: true,
    list: { fixed: 'left', width: 170, copyable: true },
  },
  status: {
    name: 'status',
    label: ['运单状态', 'Status'],
    kind: 'dict',
    dict: 'shipping_status',
    search: true,
    list: { width: 96 },
  },
  state: {
    name: 'state',
    label: ['结算到期', 'Settlement due'],
    options: [{ value: '1', label: ['已到期未支付', 'Due and unpaid'] }],
    search: true,
    list: false,
    detail: false,
  },
  customerName: {
    name: 'customerName',
    label: ['货主', 'Shipper'],
    search: true,
    list: { width: 170, ellipsis: true },
  },
  driverName: { name: 'driverName', label: ['司机', 'Driver'], search: true, list: { width: 90 } },
  driverMobile: { name: 'driverMobile', label: ['司机手机', 'Driver mobile'], list: false },
  plateNo: { name: 'plateNo', label: ['车牌号', 'Plate'], search: true, list: { width: 100 } },
  route: { name: 'route', label: ['线路', 'Route'], render: route, list: { width: 150 }, detail: false },
  loadCity: { name: 'loadCity', label: ['装货城市', 'Loading city'], search: true, list: false },
  unloadCity: { name: 'unloadCity', label: ['卸货城市', 'Unloading city'], search: true, list: false },
  loadAddress: { name: 'loadAddress', label: ['装货地址', 'Loading address'], list: false },
  unloadAddress: { name: 'unloadAddress', label: ['卸货地址', 'Unloading address'], list: false },
  goodsName: { name: 'goodsName', label: ['货物', 'Goods'], list: { width: 90 } },
  orderNo: { name: 'orderNo', label: ['货源单号', 'Order no.'], search: true, list: false },
  orderMode: {
    name: 'orderMode',
    label: ['订单模式', 'Order mode'],
    kind: 'dict',
    dict: 'order_mode',
    search: true,
    list: { width: 100 },
  },
  settleMode: {
    name: 'settleMode',
    label: ['结算方式', 'Settlement'],
    kind: 'dict',
    dict: 'settle_mode',
    search: true,
    list: { width: 80 },
  },
  plannedWeightG: {
    name: 'plannedWeightG',
    label: ['计划重量(吨)', 'Planned (t)'],
    kind: 'tonnes',
    list: false,
  },
  loadWeightG: {
    name: 'loadWeightG',
    label: ['装货重量(吨)', 'Loaded (t)'],
    kind: 'tonnes',
    list: { width: 110 },
  },
  unloadWeightG: {
    name: 'unloadWeightG',
    label: ['卸货重量(吨)', 'Unloaded (t)'],
    kind: 'tonnes',
    list: { width: 110 },
  },
  lossWeightG: { name: 'lossWeightG', label: ['亏吨(吨)', 'Loss (t)'], kind: 'tonnes', list: { width: 90 } },
  driverFee: {
    name: 'driverFee',
    label: ['司机运费', 'Driver fee'],
    kind: 'fen',
    sorter: true,
    list: { width: 110 },
  },
  customerFee: {
    name: 'customerFee',
    label: ['货主运费', 'Shipper fee'],
    kind: 'fen',
    sorter: true,
    list: { width: 110 },
  },
  // spec §5: agentFee on agent orders, else customerFee
  feeTotal: { name: 'feeTotal', label: ['费用合计', 'Fee total'], kind: 'fen', list: { width: 110 } },
  agentFee: { name: 'agentFee', label: ['经纪人佣金', 'Agent fee'], kind: 'fen', list: false },
  prepayFen: {
    name: 'prepayFen',
    label: ['预付金额', 'Prepay'],
    kind: 'fen',
    sorter: true,
    list: { width: 100 },
  },
  finalPayFen: { name: 'finalPayFen', label: ['尾款', 'Final pay'], kind: 'fen', list: { width: 100 } },
  lossDeductionFen: {
    name: 'lossDeductionFen',
    label: ['亏吨扣款', 'Loss deduction'],
    kind: 'fen',
    list: { width: 100 },
  },
  payStatus: {
    name: 'payStatus',
    label: ['支付状态', 'Payment'],
    kind: 'dict',
    dict: 'pay_status',
    search: true,
    list: { width: 90 },
  },
  invoiceStatus: {
    name: 'invoiceStatus',
    label: ['开票状态', 'Invoice'],
    kind: 'dict',
    dict: 'invoice_status',
    search: true,
    list: false,
  },
  reportStatus: {
    name: 'reportStatus',
    label: ['上报状态', 'Report'],
    kind: 'dict',
    dict: 'report_status',
    search: true,
    list: false,
  },
  contractNo: { name: 'contractNo', label: ['合同编号', 'Contract no.'], search: true, list: { width: 180 } },
  dueDate: {
    name: 'dueDate',
    label: ['结算到期日', 'Due date'],
    kind: 'date',
    sorter: true,
    list: { width: 110 },
  },
  createTime: {
    name: 'createTime',
    label: ['派单时间', 'Dispatched'],
    kind: 'datetime',
    sorter: true,
    search: 'range',
  },
  acceptTime: { name: 'acceptTime', label: ['接单时间', 'Accepted'], kind: 'datetime', list: false },
  loadTime: {
    name: 'loadTime',
    label: ['装货时间', 'Loaded at'],
    kind: 'datetime',
    sorter: true,
    search: 'range',
  },
  unloadTime: {
    name: 'unloadTime',
    label: ['卸货时间', 'Unloaded at'],
    kind: 'datetime',
    sorter: true,
    search: 'range',
  },
  signTime: { name: 'signTime', label: ['签收时间', 'Signed at'], kind: 'datetime', sorter: true },
  auditTime: {
    name: 'auditTime',
    label: ['审核时间', 'Audited at'],
    kind: 'datetime',
    sorter: true,
    search: 'range',
  },
  closeReason: {
    name: 'closeReason',
    label: ['取消/作废原因', 'Exit reason'],
    list: { width: 160, ellipsis: true },
  },
};

/** The fields of one list: the named ones listed, the rest of the catalogue searchable or in the detail. */
export function noteFields(listed: readonly string[], searchable: readonly string[] = []): ResourceField[] {
  const fields: ResourceField[] = [];
  for (const [name, field] of Object.entries(CATALOGUE)) {
    const isListed = listed.includes(name);
    const isSearch = searchable.includes(name);
    fields.push({
      ...field,
      form: false,
      list: isListed ? (field.list === false ? true : field.list) : false,
      search: isSearch ? field.search || true : false,
    });
  }
  return fields;
}

export const BASE_SEARCH = [
  'shippingNoteNumber',
  'customerName',
  'driverName',
  'plateNo',
  'loadCity',
  'unloadCity',
  'status',
  'createTime',
];

export const timeText = (value: unknown) => formatDateTime(value as string) || '--';
