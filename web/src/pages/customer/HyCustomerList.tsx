// 货主列表 (spec §2 `/customer/manager`): shippers with their settlement terms, service-fee rule and invoice
// title, reviewed like drivers and vehicles; the header's pending-shipper counter links here with state=1.
import { customerBody } from '@freight/contracts';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';

export const customerPage: ResourcePageDef = {
  api: '/customer/hyCustomer',
  title: ['货主列表', 'Shippers'],
  perm: 'customer:manager',
  schema: customerBody,
  review: true,
  urlFilters: ['state'],
  fields: [
    {
      name: 'customerName',
      label: ['货主名称', 'Shipper'],
      required: true,
      search: true,
      sorter: true,
      list: { fixed: 'left', width: 180 },
    },
    { name: 'customerType', label: ['货主类型', 'Type'], kind: 'dict', dict: 'customer_type', search: true },
    { name: 'creditCode', label: ['统一社会信用代码', 'Credit code'], search: true, list: { width: 190 } },
    { name: 'legalPerson', label: ['法定代表人', 'Legal person'], list: false },
    {
      name: 'licenseImg',
      label: ['营业执照', 'Business licence'],
      kind: 'image',
      biz: 'customer',
      list: false,
    },
    { name: 'contactName', label: ['联系人', 'Contact'], search: true },
    { name: 'contactMobile', label: ['联系电话', 'Contact mobile'], search: true, list: { width: 130 } },
    { name: 'address', label: ['地址', 'Address'], kind: 'textarea', list: false, wide: true },
    {
      name: 'settleMode',
      label: ['结算方式', 'Settlement'],
      kind: 'dict',
      dict: 'settle_mode',
      search: true,
    },
    { name: 'creditDays', label: ['账期(天)', 'Credit days'], kind: 'number', list: { width: 90 } },
    { name: 'creditLimitFen', label: ['信用额度(元)', 'Credit limit (CNY)'], kind: 'fen' },
    {
      name: 'serviceFeeMode',
      label: ['服务费规则', 'Service fee rule'],
      kind: 'dict',
      dict: 'service_fee_mode',
      list: false,
    },
    { name: 'serviceRateBp', label: ['服务费率(基点)', 'Service rate (bp)'], kind: 'number', list: false },
    { name: 'serviceFeeFen', label: ['服务费单价(元)', 'Service fee (CNY)'], kind: 'fen', list: false },
    { name: 'invoiceTitle', label: ['发票抬头', 'Invoice title'], list: false },
    { name: 'invoiceTaxNo', label: ['纳税人识别号', 'Tax number'], list: false },
    { name: 'invoiceAddress', label: ['开票地址', 'Invoice address'], list: false },
    { name: 'invoicePhone', label: ['开票电话', 'Invoice phone'], list: false },
    { name: 'invoiceBank', label: ['开户银行', 'Bank'], list: false },
    { name: 'invoiceAccount', label: ['银行账号', 'Account'], list: false },
    { name: 'status', label: ['状态', 'Status'], kind: 'dict', dict: 'customer_status', search: true },
    {
      name: 'state',
      label: ['审核状态', 'Review state'],
      kind: 'dict',
      dict: 'review_state',
      search: true,
      form: false,
    },
    {
      name: 'rejectReason',
      label: ['驳回原因', 'Rejection reason'],
      form: false,
      list: { width: 160, ellipsis: true },
    },
    { name: 'remark', label: ['备注', 'Remark'], kind: 'textarea', list: false, wide: true },
    {
      name: 'createTime',
      label: ['创建时间', 'Created'],
      kind: 'datetime',
      form: false,
      sorter: true,
      search: 'range',
    },
  ],
};

export default function HyCustomerList() {
  return <ResourceListPage def={customerPage} />;
}
