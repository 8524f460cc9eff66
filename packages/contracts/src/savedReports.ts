// 报表列表 (/statistics/report): saved, parameterised reports built on the online report engine, grouped by
// category; a category's code runs its reports, the export code exports them.

export const SAVED_REPORT_CATEGORIES = ['settlement', 'tax', 'operations'] as const;
export type SavedReportCategory = (typeof SAVED_REPORT_CATEGORIES)[number];

export const SAVED_REPORT_CATEGORY_TEXT: Record<SavedReportCategory, [string, string]> = {
  settlement: ['结算报表', 'Settlement'],
  tax: ['税务报表', 'Tax'],
  operations: ['运营报表', 'Operations'],
};

/** The menu's code: the list of reports and the page itself. */
export const SAVED_REPORT_LIST_PERMISSION = 'statistics:report:list';
/** Exporting a saved report the caller may run. */
export const SAVED_REPORT_EXPORT_PERMISSION = 'statistics:report:export';
/** The code that runs the reports of a category. */
export const savedReportPermission = (category: SavedReportCategory) => `statistics:report:${category}`;

export interface SavedReportSummary {
  id: string;
  code: string;
  name: string;
  category: SavedReportCategory;
  description: string | null;
}

export interface SavedReportColumn {
  field: string;
  title: string;
  /** String, Integer, Long, Double, BigDecimal, Money, Date, Datetime. */
  fieldType: string;
  width: number | null;
  sortable: boolean;
  total: boolean;
  dictCode: string | null;
}

export interface SavedReportParam {
  name: string;
  title: string;
  /** string, number, integer, date. */
  type: string;
  defaultValue: string | null;
}

export interface SavedReportSearch {
  field: string;
  title: string;
  fieldType: string;
  mode: 'single' | 'group';
  options: Array<{ value: string; text: string }> | null;
}

export interface SavedReportDetail extends SavedReportSummary {
  columns: SavedReportColumn[];
  params: SavedReportParam[];
  search: SavedReportSearch[];
  chart: { type: 'line' | 'bar'; x: string; y: string[] } | null;
  canExport: boolean;
}

export interface SavedReportPage {
  records: Array<Record<string, unknown>>;
  total: number;
  current: number;
  size: number;
  pages: number;
  /** Column totals over every row of the run (money as yuan text), by field. */
  totals: Record<string, string | number | null>;
}
