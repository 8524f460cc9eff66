import type { DictItem, DictMap } from '@freight/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DictLookup } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db/client.ts';
import { sysDict, sysDictItem } from '../schema.ts';

/** All enabled dictionary items in memory: every list's `_dictText` and the console's 7-day cache read it. */
export class DictCache implements DictLookup {
  private map: DictMap = {};
  private byValue = new Map<string, Map<string, string>>();
  private loading: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  async reload(): Promise<void> {
    const rows = await this.db
      .select({
        code: sysDict.dictCode,
        value: sysDictItem.itemValue,
        text: sysDictItem.itemText,
        textEn: sysDictItem.itemTextEn,
        color: sysDictItem.itemColor,
      })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)))
      .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder));
    const map: DictMap = {};
    const byValue = new Map<string, Map<string, string>>();
    for (const row of rows) {
      const item: DictItem = { value: row.value, text: row.text, title: row.text, label: row.text };
      if (row.color) item.color = row.color;
      if (row.textEn) item.textEn = row.textEn;
      const list = map[row.code] ?? [];
      list.push(item);
      map[row.code] = list;
      const values = byValue.get(row.code) ?? new Map<string, string>();
      values.set(row.value, row.text);
      byValue.set(row.code, values);
    }
    this.map = map;
    this.byValue = byValue;
  }

  ensureLoaded(): Promise<void> {
    this.loading ??= this.reload();
    return this.loading;
  }

  all(): DictMap {
    return this.map;
  }

  items(code: string): DictItem[] {
    // `code` comes from the request: `__proto__` or `toString` must not reach Object.prototype.
    return Object.hasOwn(this.map, code) ? this.map[code] : [];
  }

  text(code: string, value: unknown): string | undefined {
    if (value === null || value === undefined) return undefined;
    return this.byValue.get(code)?.get(String(value));
  }
}
