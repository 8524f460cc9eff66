// Reports every installation starts with: the record popups of drivers, vehicles and customers, and the saved
// reports of 报表列表 (settlement, tax, operations) with their parameters. Inserted once by code; an
// administrator's later edits are kept.
import { createHash } from 'node:crypto';
import { savedReportPermission } from '@freight/contracts';
import type { Db } from '../../platform/db/client.ts';
import { SAVED_REPORTS } from './savedReportSeeds.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam, type ReportChartConfig } from './schema.ts';

export type ItemSeed = Partial<typeof onlCgreportItem.$inferInsert> & { fieldName: string; fieldTxt: string };
export type ParamSeed = Partial<typeof onlCgreportParam.$inferInsert> & {
  paramName: string;
  paramTxt: string;
};

export interface ReportSeed {
  code: string;
  name: string;
  sql: string;
  perms: string;
  returnValField?: string;
  returnTxtField?: string;
  content: string;
  items: ItemSeed[];
  /** A saved report of 报表列表: its category, parameters and chart. */
  category?: 'settlement' | 'tax' | 'operations';
  params?: ParamSeed[];
  chart?: ReportChartConfig;
}

const stableId = (kind: string, key: string) =>
  createHash('sha256').update(`${kind}:${key}`).digest('hex').slice(0, 32);

export const SEED_REPORTS: ReportSeed[] = [
  {
    code: 'report_driver',
    name: '司机选择',
    perms: 'driver:list',
    returnValField: 'id',
    returnTxtField: 'driver_name',
    content: '本租户未拉黑的司机，供运单、车辆等表单选择司机',
    sql: `select d.id, d.driver_name, d.mobile, d.driving_class, d.score, d.state, d.create_time
from hy_driver d
where d.tenant_id = \${sys_tenant_id} and d.blacklisted = false`,
    items: [
      { fieldName: 'id', fieldTxt: 'ID', isShow: 0 },
      { fieldName: 'driver_name', fieldTxt: '司机姓名', isSearch: 1, searchMode: 'single', isOrder: 1 },
      { fieldName: 'mobile', fieldTxt: '手机号', isSearch: 1, searchMode: 'single' },
      { fieldName: 'driving_class', fieldTxt: '准驾车型', dictCode: 'driving_class', isSearch: 1 },
      { fieldName: 'score', fieldTxt: '评分', fieldType: 'Integer', isOrder: 1 },
      {
        fieldName: 'state',
        fieldTxt: '审核状态',
        fieldType: 'Integer',
        dictCode: 'review_state',
        isSearch: 1,
      },
      {
        fieldName: 'create_time',
        fieldTxt: '创建时间',
        fieldType: 'Datetime',
        isSearch: 1,
        searchMode: 'group',
        isOrder: 1,
      },
    ],
  },
  {
    code: 'report_vehicle',
    name: '车辆选择',
    perms: 'vehicle:list',
    returnValField: 'id',
    returnTxtField: 'plate_no',
    content: '本租户的车辆，供运单、司机等表单选择车辆；核定载质量可合计',
    sql: `select v.id, v.plate_no, v.plate_color, v.vehicle_type, v.owner, v.rated_load_kg, v.transport_state, v.state
from hy_vehicle v
where v.tenant_id = \${sys_tenant_id}`,
    items: [
      { fieldName: 'id', fieldTxt: 'ID', isShow: 0 },
      { fieldName: 'plate_no', fieldTxt: '车牌号', isSearch: 1, isOrder: 1 },
      { fieldName: 'plate_color', fieldTxt: '车牌颜色', dictCode: 'plate_color', isSearch: 1 },
      { fieldName: 'vehicle_type', fieldTxt: '车辆类型', dictCode: 'vehicle_type' },
      { fieldName: 'owner', fieldTxt: '所有人', isSearch: 1 },
      {
        fieldName: 'rated_load_kg',
        fieldTxt: '核定载质量(kg)',
        fieldType: 'Integer',
        isOrder: 1,
        isTotal: 1,
      },
      {
        fieldName: 'transport_state',
        fieldTxt: '运输状态',
        fieldType: 'Integer',
        dictCode: 'transport_state',
      },
      {
        fieldName: 'state',
        fieldTxt: '审核状态',
        fieldType: 'Integer',
        dictCode: 'review_state',
        isSearch: 1,
      },
    ],
  },
  {
    code: 'report_customer',
    name: '货主选择',
    perms: 'customer:manager:list',
    returnValField: 'id',
    returnTxtField: 'customer_name',
    content: '本租户的货主，授信额度以元显示并合计',
    sql: `select c.id, c.customer_name, c.credit_code, c.contact_name, c.contact_mobile, c.settle_mode,
  round(c.credit_limit_fen / 100.0, 2) as credit_limit, c.state
from hy_customer c
where c.tenant_id = \${sys_tenant_id}`,
    items: [
      { fieldName: 'id', fieldTxt: 'ID', isShow: 0 },
      { fieldName: 'customer_name', fieldTxt: '货主名称', isSearch: 1, isOrder: 1, fieldWidth: 220 },
      { fieldName: 'credit_code', fieldTxt: '统一社会信用代码', isSearch: 1, fieldWidth: 190 },
      { fieldName: 'contact_name', fieldTxt: '联系人' },
      { fieldName: 'contact_mobile', fieldTxt: '联系电话' },
      {
        fieldName: 'settle_mode',
        fieldTxt: '结算方式',
        fieldType: 'Integer',
        dictCode: 'settle_mode',
        isSearch: 1,
      },
      { fieldName: 'credit_limit', fieldTxt: '授信额度(元)', fieldType: 'Money', isOrder: 1, isTotal: 1 },
      { fieldName: 'state', fieldTxt: '审核状态', fieldType: 'Integer', dictCode: 'review_state' },
    ],
  },
];

export async function seedReports(db: Db): Promise<void> {
  for (const report of [...SEED_REPORTS, ...SAVED_REPORTS]) {
    const headId = stableId('report', report.code);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(onlCgreportHead)
        .values({
          id: headId,
          code: report.code,
          name: report.name,
          cgrSql: report.sql,
          perms: report.perms || (report.category ? savedReportPermission(report.category) : null),
          returnValField: report.returnValField ?? null,
          returnTxtField: report.returnTxtField ?? null,
          returnType: '1',
          category: report.category ?? null,
          chartConfig: report.chart ?? null,
          content: report.content,
          createBy: 'system',
        })
        .onConflictDoNothing()
        .returning({ id: onlCgreportHead.id });
      if (!inserted.length) return;
      // Item and parameter rows: stable ids from the report code and their name, in declared order.
      const childRows = <T extends object>(kind: string, rows: T[], nameOf: (row: T) => string) =>
        rows.map((row, i) => ({
          id: stableId(kind, `${report.code}:${nameOf(row)}`),
          cgrheadId: headId,
          orderNum: i + 1,
          createBy: 'system',
          ...row,
        }));
      await tx
        .insert(onlCgreportItem)
        .values(
          childRows(
            'report-item',
            report.items.map((item) => ({ fieldType: 'String', ...item })),
            (item) => item.fieldName,
          ),
        )
        .onConflictDoNothing();
      if (report.params?.length)
        await tx
          .insert(onlCgreportParam)
          .values(childRows('report-param', report.params, (param) => param.paramName))
          .onConflictDoNothing();
    });
  }
}
