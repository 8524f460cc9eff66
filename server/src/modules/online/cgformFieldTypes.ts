// What the richer field types of online forms need on the server: the texts of table dictionaries (users,
// departments, whitelisted tables), regions and files (the names they were uploaded under) for lists and details, and the unique flag checked before a
// write (the unique index made at sync is the last guard).
import { type CgformField, cgformDictOf } from '@freight/contracts';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/session.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError } from '../../platform/http/errors.ts';
import { loadTableDictItems, originalFileNames, placeNames, tableDictOf } from '../system/index.ts';
import type { FormTable } from './cgformMainSub.ts';
import { onlCgreportHead } from './schema.ts';

type Row = Record<string, unknown>;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * `<field>_dictText` of the table dictionary, region and file fields of these rows, looked up once per page:
 * the table dictionaries through the whitelist with the caller's scope (a person's name masked as elsewhere);
 * a file field's comma list of stored paths as the files' uploaded names.
 */
export async function addLookupTexts(
  db: DbOrTx,
  form: Pick<FormTable, 'definition'>,
  rows: Row[],
  session: Session | null | undefined,
): Promise<void> {
  for (const field of form.definition.fields) {
    const code = cgformDictOf(field);
    const table = code?.includes(',');
    // Only table dictionaries, files and regions are looked up: other fields cost no walk over the rows.
    if (!table && field.fieldShowType !== 'pca' && field.fieldShowType !== 'file') continue;
    const name = field.dbFieldName;
    const values = [
      ...new Set(
        rows
          .map((r) => r[name])
          .filter(present)
          .map(String),
      ),
    ];
    if (values.length === 0) continue;
    const texts = new Map<string, string>();
    if (code && table) {
      const resolved = tableDictOf(code, session);
      if (!resolved || !session) continue;
      for (const item of await loadTableDictItems(db, resolved, session, {
        keys: values,
        limit: values.length,
      }))
        texts.set(item.value, item.text);
    } else if (field.fieldShowType === 'file') {
      const paths = values.flatMap((v) => v.split(',')).slice(0, 5000);
      const names = await originalFileNames(db, paths);
      for (const value of values)
        texts.set(
          value,
          value
            .split(',')
            .map((p) => names.get(p) ?? p.split('/').pop())
            .join(', '),
        );
    } else if (field.fieldShowType === 'pca') {
      for (const value of values.slice(0, 5000)) {
        const names = await placeNames(db, value);
        if (names) texts.set(value, [names.province, names.city, names.district].filter(Boolean).join(' / '));
      }
    }
    for (const row of rows)
      if (present(row[name])) row[`${name}_dictText`] = texts.get(String(row[name])) ?? String(row[name]);
  }
}

/**
 * Refuses a value of a unique field that another row of the tenant already holds, naming the field (after
 * `where`, e.g. the sub-table row it is in).
 */
export async function checkUnique(
  tx: DbOrTx,
  form: Pick<FormTable, 'definition' | 'table' | 'columns'>,
  values: Row,
  id: string | null,
  tenant: number,
  where?: string,
): Promise<void> {
  for (const field of form.definition.fields) {
    const value = values[field.dbFieldName];
    if (field.isUnique !== 1 || !present(value)) continue;
    const [taken] = await tx
      .select({ id: form.columns.id as PgColumn })
      .from(form.table)
      .where(
        and(
          eq(form.columns.tenant_id as PgColumn, tenant),
          eq(form.columns[field.dbFieldName] as PgColumn, value),
          id ? ne(form.columns.id as PgColumn, id) : undefined,
        ),
      )
      .limit(1);
    if (taken)
      throw bizError(
        `${where ? `${where}: ` : ''}${field.dbFieldTxt}(${field.dbFieldName}): 值 ${String(value).slice(0, 100)} 已存在`,
        400,
      );
  }
}

/**
 * Refuses a popup field whose report does not exist or whose target fields are not fields of the form,
 * naming the field (the report's columns are read by the popup through the report's own permission).
 */
export async function checkPopupFields(db: DbOrTx, fields: CgformField[]): Promise<void> {
  const popups = fields.filter((f) => f.fieldShowType === 'popup');
  if (popups.length === 0) return;
  const codes = [...new Set(popups.map((f) => f.dictTable).filter((c): c is string => !!c))];
  const found = new Set(
    codes.length
      ? (
          await db
            .select({ code: onlCgreportHead.code })
            .from(onlCgreportHead)
            .where(inArray(onlCgreportHead.code, codes))
        ).map((r) => r.code)
      : [],
  );
  const names = new Set(fields.map((f) => f.dbFieldName));
  for (const field of popups) {
    const where = `fields[${fields.indexOf(field)}](${field.dbFieldName})`;
    if (!field.dictTable || !found.has(field.dictTable))
      throw bizError(`${where}.dictTable: 弹窗报表 ${field.dictTable ?? ''} 不存在`, 400);
    const orgs = (field.dictField || field.dbFieldName).split(',');
    const dests = (field.dictText || field.dbFieldName).split(',');
    if (orgs.length !== dests.length) throw bizError(`${where}.dictText: 报表字段与表单字段个数不一致`, 400);
    const stray = dests.find((d) => !names.has(d.trim()));
    if (stray) throw bizError(`${where}.dictText(${stray.slice(0, 64)}): 不是表单的字段`, 400);
  }
}
