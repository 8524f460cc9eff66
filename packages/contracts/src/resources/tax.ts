import { resource } from '../resource.ts';

// 完税列表 (/plateform/tax) and 税务数据同步 (/report/tax) of issue 18. Field keys are columns of fin_tax_record
// and fin_tax_batch (server/src/modules/finance/taxSchema.ts). Platform screens: parties see no row.

const fen = (zh: string, en: string, width = 110) =>
  ({ label: [zh, en], kind: 'fen', form: false, list: { width } }) as const;
const time = (zh: string, en: string) =>
  ({ label: [zh, en], kind: 'datetime', form: false, sort: true, list: { width: 170 } }) as const;

export const taxRecordResource = resource({
  path: '/plateform/tax',
  permission: 'finance:tax',
  title: ['完税列表', 'Driver tax'],
  actions: ['export'],
  scope: { tenant: true },
  defaultSort: { field: 'updateTime', order: 'desc' },
  fields: {
    period: { label: ['所属期', 'Period'], search: true, sort: true, list: { width: 90, fixed: 'left' } },
    driverId: { label: ['司机', 'Driver'], filter: true, internal: true, list: false },
    driverName: { label: ['司机', 'Driver'], search: 'like', list: { width: 100 } },
    idCard: { label: ['身份证号', 'ID card'], mask: 'idCard', list: { width: 170 } },
    cardNo: { label: ['银行卡号', 'Bank card'], mask: 'bankCard', list: { width: 180 } },
    noteCount: { label: ['运单数', 'Waybills'], kind: 'number', list: { width: 80 } },
    freightFen: fen('运费', 'Freight', 120),
    bankSerialNos: { label: ['银行流水号', 'Bank serial nos.'], list: false },
    state: {
      label: ['状态', 'State'],
      kind: 'dict',
      dict: 'tax_record_state',
      tag: true,
      search: true,
      list: { width: 90 },
    },
    blockReason: { label: ['阻断原因', 'Blocked because'], list: { width: 160, ellipsis: true } },
    failCode: { label: ['失败代码', 'Failure code'], list: { width: 90 } },
    failMessage: { label: ['失败原因', 'Failure'], list: { width: 180, ellipsis: true } },
    invoiceNo: { label: ['代开发票号码', 'Invoice no.'], search: true, list: { width: 190 } },
    vatFen: fen('增值税', 'VAT'),
    surchargeFen: fen('附加税费', 'Surcharges'),
    iitFen: fen('个人所得税', 'Income tax'),
    certificateNo: { label: ['完税证明号', 'Certificate no.'], list: { width: 170 } },
    batchId: { label: ['批次', 'Batch'], filter: true, internal: true, list: false },
    sendCount: { label: ['发送次数', 'Sends'], kind: 'number', list: { width: 80 } },
    updateTime: time('更新时间', 'Updated'),
  },
});

export const taxBatchResource = resource({
  path: '/report/tax',
  permission: 'report:tax',
  title: ['税务数据同步', 'Tax data sync'],
  actions: ['export'],
  scope: { tenant: true },
  defaultSort: { field: 'createTime', order: 'desc' },
  fields: {
    batchNo: { label: ['批次号', 'Batch no.'], search: true, list: { width: 180, fixed: 'left' } },
    period: { label: ['所属期', 'Period'], search: true, list: { width: 90 } },
    recordCount: { label: ['记录数', 'Records'], kind: 'number', list: { width: 80 } },
    acceptedCount: { label: ['成功', 'Accepted'], kind: 'number', list: { width: 80 } },
    failedCount: { label: ['失败', 'Failed'], kind: 'number', list: { width: 80 } },
    freightFen: fen('运费合计', 'Freight', 130),
    state: {
      label: ['状态', 'State'],
      kind: 'dict',
      dict: 'tax_batch_state',
      tag: true,
      search: true,
      list: { width: 100 },
    },
    createBy: { label: ['发送人', 'Sent by'], list: { width: 100 } },
    createTime: time('发送时间', 'Sent'),
    answerTime: time('应答时间', 'Answered'),
  },
});
