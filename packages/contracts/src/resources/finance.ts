import { resource } from '../resource.ts';
import {
  aboutCustomer,
  aboutWaybill,
  amountColumn,
  createdColumn,
  dictField,
  dictSearch,
  driverNameColumn,
  enteredFen,
  fenColumn,
  hiddenKey,
  identifierColumn,
  longTextColumn,
  noteCountColumn,
  rejectionColumn,
  remarkField,
  searchedTime,
  serverNumber,
  sortedColumn,
  staffColumn,
  timeColumn,
  tradeTimeColumn,
  waybillNumber,
} from './fields.ts';
import { newestFirst, shipperLog, tenantLog, tenantLogBy } from './listPresets.ts';

// Money screens: wallets, ledger, platform costs, the pay list, payouts and bank payments, bills,
// adjustments, wallet configuration, bank statements and loss rules. Field keys are columns of the finance
// tables (server/src/modules/finance/schema.ts), or of the shipping notes for the pay list.

const wallet = {
  ownerType: dictField(['账户类型', 'Owner type'], 'wallet_owner_type', {
    filter: true,
    list: { width: 100 },
  }),
  ownerId: hiddenKey(['所有者', 'Owner']),
  ownerName: { label: ['账户名称', 'Account'], search: 'like', sort: true, list: { width: 200 } },
  balanceFen: fenColumn(['余额', 'Balance'], 130, { sort: true }),
  frozenFen: fenColumn(['冻结', 'Frozen'], 130),
  availableFen: fenColumn(['可用余额', 'Available'], 130, { sort: true }),
  creditLimitFen: fenColumn(['授信额度', 'Credit limit'], 130),
  lineCount: { label: ['流水笔数', 'Lines'], kind: 'number', form: false, list: { width: 90 } },
  updateTime: timeColumn(['最后变动', 'Last change']),
} as const;

/** 货主钱包 (/customer/wallet): a customer user sees its own wallet only. */
export const customerWalletResource = resource({
  path: '/customer/hyCustomerWallet',
  permission: 'customer:wallet',
  title: ['货主钱包', 'Customer wallets'],
  actions: ['export'],
  scope: { tenant: true, customer: 'ownerId' },
  defaultSort: { field: 'balanceFen', order: 'desc' },
  fields: { ...wallet, ownerName: { ...wallet.ownerName, label: ['货主', 'Customer'] } },
  views: { customers: { title: ['货主钱包', 'Customer wallets'], where: { ownerType: 1 } } },
});

/** 主钱包 (/plateform/wallet): the platform's accounts, and the payables of drivers, agents and captains. */
export const walletResource = resource({
  path: '/plateform/wallet',
  permission: 'finance:wallet',
  title: ['平台账户', 'Platform accounts'],
  actions: ['export'],
  scope: { tenant: true },
  defaultSort: { field: 'ownerName', order: 'asc' },
  fields: wallet,
  views: {
    platform: { title: ['平台账户', 'Platform accounts'], where: { ownerType: 9 } },
    payable: { title: ['应付账户', 'Payables'], where: { ownerType: [2, 3, 4] } },
  },
});

const ledgerFields = {
  createTime: { ...createdColumn, label: ['时间', 'Time'] },
  walletId: hiddenKey(['账户', 'Account']),
  ownerType: dictField(['账户类型', 'Owner type'], 'wallet_owner_type', { list: { width: 100 } }),
  type: dictSearch(['类型', 'Type'], 'ledger_type', 100),
  amountFen: amountColumn,
  balanceAfterFen: fenColumn(['变动后余额', 'Balance after'], 130),
  ...aboutWaybill,
  billId: hiddenKey(['账单', 'Bill']),
  customerId: hiddenKey(['货主', 'Customer']),
  bankSerialNo: { label: ['银行流水号', 'Bank serial no.'], search: true, list: { width: 200 } },
  memo: longTextColumn(['摘要', 'Memo'], 200),
  operator: { label: ['操作人', 'Operator'], list: { width: 100 } },
} as const;

/** Ledger lines of one account (GET /wallet/ledger/list; the wallet drawer). A party sees its own lines only. */
export const ledgerLineResource = resource({
  path: '/wallet/ledger',
  permission: 'finance:ledger',
  title: ['账户流水', 'Ledger'],
  actions: [],
  scope: { tenant: true },
  defaultSort: newestFirst,
  fields: ledgerFields,
});

/** 平台费用 (/plateform/cost/list): service-fee income and agent fees, by customer, waybill and period. */
export const costResource = resource({
  path: '/plateform/cost',
  permission: 'finance:cost',
  title: ['平台费用', 'Platform fees'],
  ...tenantLog,
  fields: {
    createTime: { ...createdColumn, label: ['时间', 'Time'] },
    type: dictSearch(['费用类型', 'Fee'], 'ledger_type', 110),
    customerId: { label: ['货主', 'Customer'], search: true, list: false },
    ...aboutWaybill,
    ownerId: hiddenKey(['收款方', 'Payee']),
    amountFen: amountColumn,
    memo: longTextColumn(['摘要', 'Memo'], 200),
  },
});

/** 待付款 (/plateform/cost/paylist): what the platform must pay out and when; `?state=1` advance payments due. */
export const paylistResource = resource({
  path: '/plateform/cost/paylist',
  permission: 'finance:paylist',
  title: ['待付款', 'To pay'],
  actions: ['export'],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: { field: 'dueDate', order: 'asc' },
  filters: {
    state: {
      label: ['待付类别', 'What is due'],
      kind: 'text',
      options: [{ value: '1', label: ['垫付到期', 'Advance payments due'] }],
    },
  },
  fields: {
    shippingNoteNumber: {
      label: ['运单号', 'Waybill no.'],
      search: true,
      list: { width: 170, fixed: 'left' },
    },
    ...aboutCustomer({ width: 180 }),
    driverName: driverNameColumn,
    plateNo: { label: ['车牌号', 'Plate'], search: true, list: { width: 100 } },
    status: dictField(['运单状态', 'Status'], 'shipping_status', { filter: true, list: { width: 90 } }),
    payStatus: dictSearch(['支付状态', 'Pay status'], 'pay_status', 90),
    settleMode: dictSearch(['结算方式', 'Settlement'], 'settle_mode', 90),
    dueDate: { label: ['应付日期', 'Due'], kind: 'date', sort: true, search: 'range', list: { width: 110 } },
    driverFee: fenColumn(['司机运费', 'Driver fee'], 130, { sort: true }),
    serviceFee: fenColumn(['服务费', 'Service fee'], 130),
    agentFee: fenColumn(['经纪人佣金', 'Agent fee'], 130),
    customerFee: fenColumn(['货主运费', 'Customer fee'], 130),
    prepayFen: fenColumn(['预付', 'Prepay'], 130),
    fuelCardFen: fenColumn(['油卡', 'Fuel card'], 130),
    finalPayFen: fenColumn(['尾款', 'Final pay'], 130),
    auditTime: searchedTime(['审核时间', 'Audited']),
  },
});

/** 钱包配置 (/plateform/walletConfig): per customer, with a change log. */
export const walletConfigResource = resource({
  path: '/plateform/walletConfig',
  permission: 'finance:walletconfig',
  title: ['钱包配置', 'Wallet settings'],
  id: 'customerId',
  actions: ['export'],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: { field: 'customerName', order: 'asc' },
  fields: {
    customerId: hiddenKey(['货主', 'Customer'], { form: 'readonly' }),
    customerName: identifierColumn(['货主', 'Customer'], { width: 200 }, { form: 'readonly' }),
    settleMode: dictSearch(['结算方式', 'Settlement'], 'settle_mode', 90, { required: true }),
    creditDays: { label: ['账期(天)', 'Credit days'], kind: 'number', required: true, list: { width: 90 } },
    creditLimitFen: enteredFen(['授信额度', 'Credit limit'], 130),
    prepayRatioCapBp: {
      label: ['预付比例上限(‱)', 'Prepay cap (bp)'],
      kind: 'number',
      required: true,
      list: { width: 120 },
      placeholder: ['10000 = 100%', '10000 = 100%'],
    },
    bankChannel: { label: ['银行通道', 'Bank channel'], list: { width: 90 } },
    subAccountNo: { label: ['虚拟子账户', 'Sub-account'], list: { width: 180 } },
    remark: remarkField({ wide: true }),
    updateBy: { label: ['修改人', 'Changed by'], form: false, list: { width: 100 } },
    updateTime: { label: ['修改时间', 'Changed'], kind: 'datetime', form: false, list: { width: 170 } },
  },
});

export const walletConfigLogResource = resource({
  path: '/plateform/walletConfig/log',
  permission: 'finance:walletconfig',
  title: ['钱包配置变更记录', 'Wallet settings changes'],
  actions: [],
  scope: { tenant: true },
  defaultSort: newestFirst,
  fields: {
    createTime: createdColumn,
    ...aboutCustomer({ width: 200 }),
    before: { label: ['修改前', 'Before'], list: { width: 300, ellipsis: true }, export: false },
    after: { label: ['修改后', 'After'], list: { width: 300, ellipsis: true }, export: false },
    operator: { label: ['操作人', 'Operator'], search: true, list: { width: 100 } },
  },
});

/** Recharges of 货主钱包 (bank and voucher), with the maker-checker state. */
export const rechargeResource = resource({
  path: '/customer/hyCustomerRecharge',
  permission: 'customer:wallet',
  title: ['充值记录', 'Recharges'],
  ...shipperLog,
  fields: {
    rechargeNo: { label: ['充值单号', 'No.'], search: true, list: { width: 200 } },
    ...aboutCustomer({ width: 180 }),
    channel: dictSearch(['方式', 'Channel'], 'recharge_channel', 120),
    amountFen: amountColumn,
    state: dictSearch(['状态', 'State'], 'recharge_state', 90),
    voucherImg: { label: ['转账凭证', 'Voucher'], kind: 'image', biz: 'voucher', list: false },
    payerName: { label: ['付款户名', 'Payer'], list: { width: 150 } },
    payerAccount: { label: ['付款账号', 'Payer account'], mask: 'bankCard', list: { width: 170 } },
    bankSerialNo: { label: ['银行流水号', 'Bank serial no.'], search: true, list: { width: 200 } },
    createBy: staffColumn(['提交人', 'Submitted by']),
    reviewedBy: staffColumn(['复核人', 'Checked by']),
    rejectReason: rejectionColumn,
    createTime: createdColumn,
  },
});

export const freezeLogResource = resource({
  path: '/customer/hyCustomerWallet/freezeLog',
  permission: 'customer:wallet',
  title: ['冻结记录', 'Freezes'],
  actions: [],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: newestFirst,
  fields: {
    createTime: createdColumn,
    customerId: hiddenKey(['货主', 'Customer']),
    walletId: hiddenKey(['账户', 'Account']),
    amountFen: fenColumn(['冻结(+)/解冻(-)', 'Frozen (+) / released (−)'], 130),
    frozenAfterFen: fenColumn(['冻结余额', 'Frozen after'], 130),
    reason: longTextColumn(['原因', 'Reason'], 240),
    operator: { label: ['操作人', 'Operator'], list: { width: 100 } },
  },
});

/** Bank statement lines (主钱包): matched to the books or listed as unmatched. */
export const statementLineResource = resource({
  path: '/plateform/statement',
  permission: 'finance:wallet',
  title: ['银行流水', 'Bank statement'],
  ...tenantLogBy('tradeTime'),
  fields: {
    bankSerialNo: { label: ['银行流水号', 'Serial no.'], search: true, list: { width: 200 } },
    tradeTime: tradeTimeColumn,
    direction: dictSearch(['收支', 'In/out'], 'statement_direction', 70),
    amountFen: amountColumn,
    counterpartyName: { label: ['对方户名', 'Counterparty'], search: 'like', list: { width: 160 } },
    counterpartyAccount: { label: ['对方账号', 'Account'], mask: 'bankCard', list: { width: 170 } },
    memo: longTextColumn(['摘要', 'Memo'], 160),
    matchState: dictSearch(['对账', 'Matched'], 'match_state', 80),
    matchedRef: { label: ['对应单据', 'Matched to'], list: { width: 200 } },
  },
});

/** Payout requests passing the approval chain. */
export const payoutResource = resource({
  path: '/plateform/payout',
  permission: 'finance:payout',
  title: ['付款审批', 'Payout approval'],
  ...tenantLog,
  fields: {
    payoutNo: { label: ['申请单号', 'No.'], search: true, list: { width: 200 } },
    kind: dictSearch(['类型', 'Kind'], 'payout_kind', 80),
    noteCount: noteCountColumn,
    totalFen: fenColumn(['付款金额', 'Amount'], 130),
    state: dictSearch(['状态', 'State'], 'payout_state', 90),
    submittedBy: staffColumn(['提交人', 'Submitted by']),
    reviewedBy: staffColumn(['复核人', 'Reviewed by']),
    executedBy: staffColumn(['出纳', 'Cashier']),
    rejectReason: rejectionColumn,
    createTime: createdColumn,
  },
});

/** Requests to the bank: pending → paying → paid | failed. */
export const bankPaymentResource = resource({
  path: '/plateform/bankPayment',
  permission: 'finance:payout',
  title: ['银行付款', 'Bank payments'],
  ...tenantLog,
  fields: {
    requestNo: { label: ['付款请求号', 'Request no.'], search: true, list: { width: 230 } },
    kind: dictSearch(['类型', 'Kind'], 'payment_kind', 90),
    ...aboutWaybill,
    payoutId: hiddenKey(['付款申请', 'Payout']),
    payeeName: { label: ['收款人', 'Payee'], search: 'like', list: { width: 100 } },
    cardNo: { label: ['收款卡号', 'Card'], mask: 'bankCard', list: { width: 170 } },
    bankName: { label: ['开户银行', 'Bank'], list: { width: 120 } },
    amountFen: amountColumn,
    state: dictSearch(['状态', 'State'], 'payment_state', 80),
    bankSerialNo: { label: ['银行流水号', 'Bank serial no.'], search: true, list: { width: 200 } },
    failReason: longTextColumn(['失败原因', 'Failure'], 160),
    attempts: { label: ['发送次数', 'Attempts'], kind: 'number', list: { width: 80 } },
    createTime: createdColumn,
  },
});

/** 账单管理 (/plateform/bill): bills of 批结/月结 customers; a customer sees its own. */
export const billResource = resource({
  path: '/plateform/bill',
  permission: 'finance:bill',
  title: ['账单', 'Bills'],
  ...shipperLog,
  fields: {
    billNo: { label: ['账单号', 'Bill no.'], search: true, list: { width: 170, fixed: 'left' } },
    ...aboutCustomer({ width: 180 }),
    settleMode: dictSearch(['结算方式', 'Settlement'], 'settle_mode', 90),
    periodStart: sortedColumn(['账期起', 'From'], 'date', 110, { search: 'range' }),
    periodEnd: { label: ['账期止', 'To'], kind: 'date', sort: true, list: { width: 110 } },
    noteCount: noteCountColumn,
    amountFen: fenColumn(['账单金额', 'Amount'], 130),
    adjustFen: fenColumn(['调整', 'Adjusted'], 130),
    paidFen: fenColumn(['已付', 'Paid'], 130),
    serviceFeeFen: fenColumn(['服务费', 'Service fee'], 130),
    status: dictSearch(['状态', 'Status'], 'bill_status', 90),
    dueDate: { label: ['到期日', 'Due'], kind: 'date', sort: true, list: { width: 110 } },
    disputeReason: longTextColumn(['异议', 'Dispute'], 160),
    createTime: createdColumn,
  },
});

export const billNoteResource = resource({
  path: '/plateform/bill/note',
  permission: 'finance:bill',
  title: ['账单运单', 'Bill waybills'],
  id: 'noteId',
  actions: [],
  scope: { customer: 'customerId' },
  defaultSort: { field: 'auditTime', order: 'asc' },
  fields: {
    billId: hiddenKey(['账单', 'Bill']),
    noteId: hiddenKey(['运单', 'Waybill']),
    customerId: hiddenKey(['货主', 'Customer']),
    shippingNoteNumber: waybillNumber,
    agentId: { label: ['经纪人', 'Agent'], internal: true, list: false },
    auditTime: { label: ['审核时间', 'Audited'], kind: 'datetime', sort: true, list: { width: 170 } },
    driverFee: fenColumn(['司机运费', 'Driver fee'], 130),
    serviceFee: fenColumn(['服务费', 'Service fee'], 130),
    agentFee: fenColumn(['经纪人佣金', 'Agent fee'], 130),
    customerFee: fenColumn(['货主运费', 'Customer fee'], 130),
    charged: { label: ['已扣款', 'Charged'], kind: 'switch', filter: true, list: { width: 80 } },
  },
});

/** Adjustments and claims after audit (补款, 扣款, 货损理赔, 货主调账). */
export const adjustmentResource = resource({
  path: '/plateform/adjustment',
  permission: 'finance:adjust',
  title: ['调账理赔', 'Adjustments and claims'],
  ...shipperLog,
  fields: {
    adjustNo: { label: ['单号', 'No.'], search: true, list: { width: 200 } },
    kind: dictSearch(['类型', 'Kind'], 'adjust_kind', 90),
    ...aboutWaybill,
    customerId: hiddenKey(['货主', 'Customer']),
    amountFen: amountColumn,
    direction: { label: ['方向', 'Direction'], kind: 'number', list: false },
    reason: longTextColumn(['原因', 'Reason'], 220),
    state: dictSearch(['状态', 'State'], 'adjust_state', 80),
    createBy: staffColumn(['申请人', 'Submitted by']),
    reviewedBy: staffColumn(['审批人', 'Approved by']),
    rejectReason: rejectionColumn,
    createTime: createdColumn,
  },
});

/** 亏吨设置 (/risk/loss): per customer, goods and route; a matching rule prefills a new order. */
export const lossRuleResource = resource({
  path: '/risk/loss',
  permission: 'risk:loss',
  title: ['亏吨设置', 'Loss rules'],
  actions: ['add', 'edit', 'delete', 'export', 'import'],
  scope: { tenant: true },
  defaultSort: newestFirst,
  fields: {
    customerId: {
      label: ['货主', 'Customer'],
      filter: true,
      list: false,
      importNote: '货主ID，留空表示所有货主',
    },
    customerName: { label: ['货主', 'Customer'], search: 'like', form: false, list: { width: 180 } },
    goodsName: {
      label: ['货物', 'Goods'],
      search: 'like',
      list: { width: 110 },
      importNote: '留空表示所有货物',
    },
    loadCity: { label: ['装货城市', 'From'], search: true, list: { width: 100 } },
    unloadCity: { label: ['卸货城市', 'To'], search: true, list: { width: 100 } },
    allowanceMode: dictField(['合理损耗方式', 'Allowance'], 'loss_allowance_mode', {
      required: true,
      list: { width: 110 },
    }),
    allowanceValue: {
      label: ['合理损耗(克或‰)', 'Allowance (g or ‰)'],
      kind: 'number',
      required: true,
      list: { width: 130 },
      importNote: '按车固定时填克数，按比例时填千分数',
    },
    unitPriceFen: enteredFen(['亏吨单价(元/吨)', 'Price (per t)'], 130),
    deductWhole: { label: ['超出后全额扣', 'Deduct whole'], kind: 'switch', list: { width: 110 } },
    enabled: { label: ['启用', 'Enabled'], kind: 'switch', filter: true, list: { width: 70 } },
    remark: remarkField({ wide: true }),
    createTime: createdColumn,
  },
});

/**
 * ETC记录 (/plateform/etc): toll records imported from the ETC provider's statement (Excel or CSV), each
 * matched to the waybill whose vehicle and load-to-sign window contain its exit time. Imported, never added by
 * hand; a mistaken import is deleted (a row, the selected rows, or its whole batch).
 */
export const etcRecordResource = resource({
  path: '/plateform/etc',
  permission: 'finance:etc',
  title: ['ETC记录', 'ETC toll records'],
  actions: ['delete', 'export', 'import'],
  scope: { tenant: true },
  defaultSort: { field: 'exitTime', order: 'desc' },
  fields: {
    plateNo: identifierColumn(
      ['车牌号', 'Plate'],
      { width: 110 },
      { form: false, import: true, importNote: '必填，如 苏E12345' },
    ),
    entryStation: {
      label: ['入口站', 'Entry station'],
      search: 'like',
      form: false,
      import: true,
      list: { width: 150, ellipsis: true },
    },
    exitStation: {
      label: ['出口站', 'Exit station'],
      search: 'like',
      form: false,
      import: true,
      list: { width: 150, ellipsis: true },
    },
    entryTime: {
      label: ['入口时间', 'Entry time'],
      kind: 'datetime',
      form: false,
      import: true,
      importNote: '格式 2026-01-31 08:30:00',
      list: { width: 170 },
    },
    exitTime: timeColumn(['出口时间', 'Exit time'], {
      search: 'range',
      import: true,
      importNote: '必填，格式 2026-01-31 10:05:00；按出口时间匹配运单',
    }),
    amountFen: fenColumn(['通行费', 'Toll'], 130, {
      sort: true,
      import: true,
      importNote: '必填，元，最多两位小数',
    }),
    invoiceNo: {
      label: ['发票号', 'Invoice no.'],
      search: true,
      form: false,
      import: true,
      list: { width: 190 },
    },
    providerSerial: {
      label: ['交易流水号', 'Serial no.'],
      search: true,
      form: false,
      import: true,
      importNote: '必填，服务商的通行流水号；重复导入同一流水号时跳过',
      list: { width: 200 },
    },
    matchState: dictSearch(['匹配状态', 'Matched'], 'match_state', 90, {
      form: false,
      import: false,
      tag: true,
    }),
    shippingNoteNumber: serverNumber(['运单号', 'Waybill no.'], { width: 190 }, { import: false }),
    noteId: hiddenKey(['运单', 'Waybill']),
    settleState: dictSearch(['结算状态', 'Settlement'], 'etc_settle_state', 90, {
      form: false,
      import: false,
      tag: true,
    }),
    settleRule: dictField(['ETC承担方式', 'Borne by'], 'etc_rule', {
      form: false,
      import: false,
      list: { width: 120 },
    }),
    settleTime: {
      ...createdColumn,
      label: ['结算时间', 'Settled at'],
      search: false,
      import: false,
      list: false,
    },
    importBatch: {
      label: ['导入批次', 'Import batch'],
      search: true,
      form: false,
      import: false,
      list: { width: 170 },
    },
    matchTime: {
      ...createdColumn,
      label: ['匹配时间', 'Matched at'],
      search: false,
      import: false,
      list: false,
    },
    createTime: { ...createdColumn, label: ['导入时间', 'Imported at'], search: false, import: false },
  },
});
