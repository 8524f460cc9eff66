// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the report placeholder syntax, not a template.
// The saved reports 报表列表 starts with (settlement, tax, operations). Money leaves the SQL as yuan with two
// decimals (numeric, exact), weights as tonnes. A report a shipper may run filters by `${sys_customer_id}`,
// which the server binds from the session (NULL for platform staff); the tax report names no party, so only
// platform staff run it. Dates are China time.
import { savedReportPermission } from '@freight/contracts';
import type { ParamSeed, ReportSeed } from './seedReports.ts';

const DATE_RANGE: ParamSeed[] = [
  { paramName: 'begin_date', paramTxt: '开始日期', paramType: 'date' },
  { paramName: 'end_date', paramTxt: '结束日期', paramType: 'date' },
];

/** The waybills of the caller's scope dispatched in the date range, not cancelled, voided or refused. */
const NOTES_IN_RANGE = `n.tenant_id = \${sys_tenant_id} and n.status >= 0
  and (\${sys_customer_id} is null or n.customer_id = \${sys_customer_id})
  and (\${begin_date} is null or n.create_time >= \${begin_date}::timestamp at time zone 'Asia/Shanghai')
  and (\${end_date} is null or n.create_time < (\${end_date} + 1)::timestamp at time zone 'Asia/Shanghai')`;

const money = (fieldName: string, fieldTxt: string) => ({
  fieldName,
  fieldTxt,
  fieldType: 'Money',
  isOrder: 1,
  isTotal: 1,
  fieldWidth: 130,
});

/** A month column: sorted, searched, narrow. */
const monthColumn = (fieldName: string) => ({
  fieldName,
  fieldTxt: '月份',
  isOrder: 1,
  isSearch: 1,
  fieldWidth: 90,
});

/** The shipper a row is about: its id hidden, its name sorted and searched. */
const CUSTOMER_COLUMNS = [
  { fieldName: 'customer_id', fieldTxt: '货主ID', isShow: 0 },
  { fieldName: 'customer_name', fieldTxt: '货主', isOrder: 1, isSearch: 1, fieldWidth: 220 },
];

/** The waybill count column the settlement reports total. */
const WAYBILLS = { fieldName: 'waybills', fieldTxt: '运单数', fieldType: 'Integer', isOrder: 1, isTotal: 1 };

export const SAVED_REPORTS: ReportSeed[] = [
  {
    code: 'rpt_settlement_customer_month',
    name: '结算汇总（货主·月）',
    category: 'settlement',
    perms: savedReportPermission('settlement'),
    content: '每个货主每月的运单数、结算吨位、运费、司机运费、服务费、亏吨扣款与已审核运费',
    sql: `select to_char(n.create_time at time zone 'Asia/Shanghai', 'YYYY-MM') as month,
  n.customer_id, max(n.customer_name) as customer_name, count(*)::int as waybills,
  round(sum(coalesce(n.settle_weight_g, n.planned_weight_g)) / 1000000.0, 3) as tonnage,
  round(sum(n.customer_fee) / 100.0, 2) as customer_fee,
  round(sum(n.driver_fee) / 100.0, 2) as driver_fee,
  round(sum(n.service_fee) / 100.0, 2) as service_fee,
  round(sum(n.loss_deduction_fen) / 100.0, 2) as loss_deduction,
  round(sum(case when n.status >= 6 then n.customer_fee else 0 end) / 100.0, 2) as audited_fee
from hy_shipping_note n
where ${NOTES_IN_RANGE}
group by 1, n.customer_id
order by 1 desc, 6 desc`,
    params: DATE_RANGE,
    chart: { type: 'bar', x: 'customer_name', y: ['customer_fee', 'service_fee'] },
    items: [
      monthColumn('month'),
      ...CUSTOMER_COLUMNS,
      WAYBILLS,
      { fieldName: 'tonnage', fieldTxt: '结算吨位(吨)', fieldType: 'Double', isOrder: 1, isTotal: 1 },
      money('customer_fee', '运费(元)'),
      money('driver_fee', '司机运费(元)'),
      money('service_fee', '服务费(元)'),
      money('loss_deduction', '亏吨扣款(元)'),
      money('audited_fee', '已审核运费(元)'),
    ],
  },
  {
    code: 'rpt_receivable_aging',
    name: '应收账龄',
    category: 'settlement',
    perms: savedReportPermission('settlement'),
    content: '已发送未付清的货主账单按到期日分段的未收金额（截至日默认今天）',
    sql: `select b.customer_id, max(b.customer_name) as customer_name, count(*)::int as bills,
  round(sum(b.amount_fen + b.adjust_fen - b.paid_fen) / 100.0, 2) as outstanding,
  round(sum(case when b.due_date is null or b.due_date >= coalesce(\${as_of}, \${sys_date})
    then b.amount_fen + b.adjust_fen - b.paid_fen else 0 end) / 100.0, 2) as not_due,
  round(sum(case when coalesce(\${as_of}, \${sys_date}) - b.due_date between 1 and 30
    then b.amount_fen + b.adjust_fen - b.paid_fen else 0 end) / 100.0, 2) as days_1_30,
  round(sum(case when coalesce(\${as_of}, \${sys_date}) - b.due_date between 31 and 60
    then b.amount_fen + b.adjust_fen - b.paid_fen else 0 end) / 100.0, 2) as days_31_60,
  round(sum(case when coalesce(\${as_of}, \${sys_date}) - b.due_date between 61 and 90
    then b.amount_fen + b.adjust_fen - b.paid_fen else 0 end) / 100.0, 2) as days_61_90,
  round(sum(case when coalesce(\${as_of}, \${sys_date}) - b.due_date > 90
    then b.amount_fen + b.adjust_fen - b.paid_fen else 0 end) / 100.0, 2) as days_over_90,
  min(b.due_date) as oldest_due
from fin_bill b
where b.tenant_id = \${sys_tenant_id} and b.status between 1 and 5
  and b.amount_fen + b.adjust_fen - b.paid_fen > 0
  and (\${sys_customer_id} is null or b.customer_id = \${sys_customer_id})
group by b.customer_id
order by 4 desc`,
    params: [{ paramName: 'as_of', paramTxt: '截至日期', paramType: 'date' }],
    chart: { type: 'bar', x: 'customer_name', y: ['not_due', 'days_1_30', 'days_31_60', 'days_over_90'] },
    items: [
      ...CUSTOMER_COLUMNS,
      { fieldName: 'bills', fieldTxt: '账单数', fieldType: 'Integer', isOrder: 1, isTotal: 1 },
      money('outstanding', '未收合计(元)'),
      money('not_due', '未到期(元)'),
      money('days_1_30', '逾期1-30天(元)'),
      money('days_31_60', '逾期31-60天(元)'),
      money('days_61_90', '逾期61-90天(元)'),
      money('days_over_90', '逾期90天以上(元)'),
      { fieldName: 'oldest_due', fieldTxt: '最早到期日', fieldType: 'Date', isOrder: 1 },
    ],
  },
  {
    code: 'rpt_driver_tax_month',
    name: '司机代开完税汇总（司机·月）',
    category: 'tax',
    perms: savedReportPermission('tax'),
    content: '每个司机每月已支付完成运单的运费，及代开发票的增值税、附加税、个税与完税状态',
    sql: `with paid as (
  select to_char(n.complete_time at time zone 'Asia/Shanghai', 'YYYY-MM') as period, n.driver_id,
    max(n.driver_name) as driver_name, count(*)::int as waybills, sum(n.driver_fee) as driver_fee_fen
  from hy_shipping_note n
  where n.tenant_id = \${sys_tenant_id} and n.status = 7 and n.pay_status = 4 and n.complete_time is not null
    and (\${begin_date} is null or n.complete_time >= \${begin_date}::timestamp at time zone 'Asia/Shanghai')
    and (\${end_date} is null or n.complete_time < (\${end_date} + 1)::timestamp at time zone 'Asia/Shanghai')
  group by 1, 2
)
select p.period, p.driver_id, p.driver_name, p.waybills,
  round(p.driver_fee_fen / 100.0, 2) as driver_fee,
  t.state as tax_state,
  round(coalesce(t.vat_fen, 0) / 100.0, 2) as vat,
  round(coalesce(t.surcharge_fen, 0) / 100.0, 2) as surcharge,
  round(coalesce(t.iit_fen, 0) / 100.0, 2) as iit,
  round(coalesce(t.vat_fen + t.surcharge_fen + t.iit_fen, 0) / 100.0, 2) as tax_total,
  t.invoice_no, t.certificate_no
from paid p
left join fin_tax_record t on t.tenant_id = \${sys_tenant_id} and t.period = p.period and t.driver_id = p.driver_id
order by 1 desc, 5 desc`,
    params: DATE_RANGE,
    chart: { type: 'bar', x: 'period', y: ['driver_fee', 'tax_total'] },
    items: [
      monthColumn('period'),
      { fieldName: 'driver_id', fieldTxt: '司机ID', isShow: 0 },
      { fieldName: 'driver_name', fieldTxt: '司机', isOrder: 1, isSearch: 1 },
      WAYBILLS,
      money('driver_fee', '司机运费(元)'),
      {
        fieldName: 'tax_state',
        fieldTxt: '完税状态',
        fieldType: 'Integer',
        dictCode: 'tax_record_state',
        isSearch: 1,
      },
      money('vat', '增值税(元)'),
      money('surcharge', '附加税(元)'),
      money('iit', '个税(元)'),
      money('tax_total', '税费合计(元)'),
      { fieldName: 'invoice_no', fieldTxt: '发票号' },
      { fieldName: 'certificate_no', fieldTxt: '完税凭证号', fieldWidth: 180 },
    ],
  },
  {
    code: 'rpt_operations_daily',
    name: '运营日报（日·线路）',
    category: 'operations',
    perms: savedReportPermission('operations'),
    content: '每天每条线路的运单数、到达数、准时到达数、平均在途时长、吨位与运费',
    sql: `select to_char(n.create_time at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day,
  concat(n.load_city, ' → ', n.unload_city) as route, count(*)::int as waybills,
  count(n.unload_time)::int as arrived,
  count(case when n.unload_time is not null and (o.valid_to is null or n.unload_time <= o.valid_to)
    then 1 end)::int as on_time,
  round(avg(extract(epoch from n.unload_time - n.load_time)) / 3600.0, 1) as avg_transit_hours,
  round(sum(coalesce(n.settle_weight_g, n.planned_weight_g)) / 1000000.0, 3) as tonnage,
  round(sum(n.customer_fee) / 100.0, 2) as customer_fee
from hy_shipping_note n
left join hy_order o on o.id = n.order_id
where ${NOTES_IN_RANGE}
group by 1, 2
order by 1 desc, 3 desc`,
    params: DATE_RANGE,
    chart: { type: 'line', x: 'day', y: ['waybills', 'arrived', 'on_time'] },
    items: [
      { fieldName: 'day', fieldTxt: '日期', isOrder: 1, isSearch: 1, fieldWidth: 110 },
      { fieldName: 'route', fieldTxt: '线路', isOrder: 1, isSearch: 1, fieldWidth: 200 },
      WAYBILLS,
      { fieldName: 'arrived', fieldTxt: '已到达', fieldType: 'Integer', isOrder: 1, isTotal: 1 },
      { fieldName: 'on_time', fieldTxt: '准时到达', fieldType: 'Integer', isOrder: 1, isTotal: 1 },
      { fieldName: 'avg_transit_hours', fieldTxt: '平均在途(小时)', fieldType: 'Double', isOrder: 1 },
      { fieldName: 'tonnage', fieldTxt: '吨位(吨)', fieldType: 'Double', isOrder: 1, isTotal: 1 },
      money('customer_fee', '运费(元)'),
    ],
  },
];
