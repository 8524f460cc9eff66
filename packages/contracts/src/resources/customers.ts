import { USER_TYPE } from '../constants.ts';
import { customerBody, customerUserBody } from '../freightParties.ts';
import { resource } from '../resource.ts';
import { createdAt, dictField, filterKey, remarkField, shipperOwner, sortedColumn } from './fields.ts';
import { newestFirst, shipperRecords } from './listPresets.ts';
import { reviewFields } from './parties.ts';

// Shippers (货主) and their staff logins.

/** 1 normal, 2 frozen (customer_status): of a shipper and of a staff login alike. */
const statusField = {
  label: ['状态', 'Status'],
  kind: 'dict',
  dict: 'customer_status',
  search: true,
  list: { width: 80 },
} as const;

/**
 * A shipper (domain.md) with its settlement terms, service-fee rule and invoice title, reviewed like the
 * parties; the header's pending-shipper counter links here with `state=1`. Its users see only itself.
 */
export const customerResource = resource({
  path: '/customer/hyCustomer',
  permission: 'customer:manager',
  title: ['货主列表', 'Shippers'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  scope: { tenant: true, customer: 'id' },
  defaultSort: newestFirst,
  body: customerBody,
  fields: {
    customerName: {
      label: ['货主名称', 'Shipper'],
      required: true,
      search: true,
      sort: true,
      list: { fixed: 'left', width: 180 },
    },
    customerType: dictField(['货主类型', 'Type'], 'customer_type', { search: true }),
    creditCode: { label: ['统一社会信用代码', 'Credit code'], search: true, list: { width: 190 } },
    legalPerson: { label: ['法定代表人', 'Legal person'], filter: true, list: false },
    licenseImg: { label: ['营业执照', 'Business licence'], kind: 'image', biz: 'customer', list: false },
    contactName: { label: ['联系人', 'Contact'], search: true },
    contactMobile: { label: ['联系电话', 'Contact mobile'], search: true, list: { width: 130 } },
    address: { label: ['地址', 'Address'], kind: 'textarea', list: false, wide: true },
    settleMode: dictField(['结算方式', 'Settlement'], 'settle_mode', { search: true }),
    creditDays: sortedColumn(['账期(天)', 'Credit days'], 'number', 90, { filter: true }),
    creditLimitFen: {
      label: ['信用额度(元)', 'Credit limit (CNY)'],
      kind: 'fen',
      filter: true,
      sort: true,
    },
    serviceFeeMode: dictField(['服务费规则', 'Service fee rule'], 'service_fee_mode', {
      filter: true,
      list: false,
    }),
    serviceRateBp: { label: ['服务费率', 'Service rate'], kind: 'percent', list: false },
    serviceFeeFen: { label: ['服务费单价(元)', 'Service fee (CNY)'], kind: 'fen', list: false },
    invoiceTitle: { label: ['发票抬头', 'Invoice title'], filter: true, list: false },
    invoiceTaxNo: { label: ['纳税人识别号', 'Tax number'], filter: true, list: false },
    invoiceAddress: { label: ['开票地址', 'Invoice address'], list: false },
    invoicePhone: { label: ['开票电话', 'Invoice phone'], list: false },
    invoiceBank: { label: ['开户银行', 'Bank'], list: false },
    invoiceAccount: { label: ['银行账号', 'Account'], list: false },
    status: statusField,
    state: reviewFields.state,
    rejectReason: reviewFields.rejectReason,
    remark: remarkField({ wide: true, export: false }),
    // Data rules of the shipper list may name the creator.
    createBy: filterKey(['创建人', 'Created by']),
    createTime: reviewFields.createTime,
  },
});

/**
 * A shipper's staff (`/customer/hyCustomerUser`): each row is a login of userType 2 (or 6, a customer
 * admin) tied to one shipper. Adding creates the login with a password changed at first sign-in; customer
 * users manage the staff of their current shipper only.
 */
export const customerUserResource = resource({
  path: '/customer/hyCustomerUser',
  permission: 'customer:user',
  title: ['货主用户', 'Shipper staff'],
  ...shipperRecords,
  body: customerUserBody,
  fields: {
    // Platform staff choose the shipper when adding; a shipper's own users add to the one they act for.
    ...shipperOwner({ sort: true, list: { width: 200, ellipsis: true } }),
    // The login name is set once.
    username: {
      label: ['登录账号', 'Login'],
      required: true,
      search: true,
      sort: true,
      form: 'add',
      list: { fixed: 'left', width: 130 },
    },
    realname: { label: ['姓名', 'Name'], required: true, search: 'like', sort: true },
    mobile: { label: ['手机号', 'Mobile'], required: true, search: true, list: { width: 130 } },
    userType: {
      label: ['用户类型', 'User type'],
      kind: 'dict',
      dict: 'user_type',
      options: [
        { value: USER_TYPE.customer, label: ['货主员工', 'Staff'] },
        { value: USER_TYPE.customerAdmin, label: ['货主管理员', 'Customer admin'] },
      ],
      search: true,
      // Only platform staff make customer admins, and only when adding.
      form: 'add',
      list: { width: 110 },
    },
    post: { label: ['职务', 'Position'], list: { width: 110 } },
    status: statusField,
    remark: remarkField({ export: false }),
    createTime: createdAt(['创建时间', 'Created']),
  },
});
