import { integer, jsonb, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { codedTable, partTable } from '../../platform/db/businessTable.ts';

/** A chart of a saved report: one category column (x) and the numeric columns drawn over it. */
export interface ReportChartConfig {
  type: 'line' | 'bar';
  x: string;
  y: string[];
}

/**
 * Online report definitions (reference onl_cgreport_head). `cgr_sql` is one SELECT whose `${param}`
 * placeholders are bound, never spliced; see reportSql.ts and reportGuard.ts.
 */
export const onlCgreportHead = codedTable('onl_cgreport_head', {
  cgrSql: text('cgr_sql').notNull(),
  /** Field a record popup returns as value / as text (reference return_val_field, return_txt_field). */
  returnValField: varchar('return_val_field', { length: 100 }),
  returnTxtField: varchar('return_txt_field', { length: 100 }),
  /** '1' returns several values, '0' one (kept for the reference's popup configs). */
  returnType: varchar('return_type', { length: 2 }),
  dbSource: varchar('db_source', { length: 100 }),
  content: varchar('content', { length: 1000 }),
  /** Permission code needed to read the report's data; empty means `online:cgreport:view`. */
  perms: varchar('perms', { length: 100 }),
  /**
   * Saved report of 报表列表 (/statistics/report): settlement, tax or operations; empty for the reports
   * only popups and the online console use.
   */
  category: varchar('category', { length: 20 }),
  /** The chart the saved report draws beside its table, if any. */
  chartConfig: jsonb('chart_config').$type<ReportChartConfig>(),
});

/** The report's columns: how each is titled, shown, searched, sorted, totalled and linked. */
export const onlCgreportItem = partTable(
  'onl_cgreport_item',
  { cgrheadId: 'cgrhead_id' },
  {
    fieldName: varchar('field_name', { length: 64 }).notNull(),
    fieldTxt: varchar('field_txt', { length: 100 }),
    fieldWidth: integer('field_width'),
    /** String, Integer, Long, Double, BigDecimal, Money, Date, Datetime. */
    fieldType: varchar('field_type', { length: 20 }).notNull().default('String'),
    /** 'single' or 'group' (a from–to range). */
    searchMode: varchar('search_mode', { length: 10 }),
    isOrder: smallint('is_order').notNull().default(0),
    isSearch: smallint('is_search').notNull().default(0),
    /** A dictionary code, or a whitelisted `table,text,code` dictionary. */
    dictCode: varchar('dict_code', { length: 200 }),
    /** Link of the cell: an internal path or http(s) URL with `${field}` taken from the row. */
    fieldHref: varchar('field_href', { length: 500 }),
    isShow: smallint('is_show').notNull().default(1),
    orderNum: integer('order_num').notNull().default(0),
    replaceVal: varchar('replace_val', { length: 200 }),
    isTotal: smallint('is_total').notNull().default(0),
    groupTitle: varchar('group_title', { length: 50 }),
  },
  (t) => [t.orderNum],
);

/** Named `${param}`s of the SQL with their default values and the type they are bound as. */
export const onlCgreportParam = partTable(
  'onl_cgreport_param',
  { cgrheadId: 'cgrhead_id' },
  {
    paramName: varchar('param_name', { length: 64 }).notNull(),
    paramTxt: varchar('param_txt', { length: 100 }),
    paramValue: varchar('param_value', { length: 200 }),
    /** string, number, date: the SQL type the value is bound as (`$n::text`, `::numeric`, `::date`). */
    paramType: varchar('param_type', { length: 10 }).notNull().default('string'),
    orderNum: integer('order_num').notNull().default(0),
  },
  (t) => [t.orderNum],
);
