// What the richer field types of online forms need on the server: the texts of table dictionaries (users,
// departments, whitelisted tables) and regions for lists and details, and the unique flag checked before a
// write (the unique index made at sync is the last guard).
import { cgformDictOf } from '@freight/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Session } from '../../platform/auth/session.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError } from '../../platform/http/errors.ts';
import { loadTableDictItems, placeNames, tableDictOf } from '../system/index.ts';
import type { FormTable } from './cgformMainSub.ts';

type Row = Record<string, unknown>;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * `<field>_dictText` of the table dictionary and region fields of these rows, looked up once per page: the
 * table dictionaries through the whitelist with the caller's scope (a person's name masked as elsewhere).
 */
export async function addLookupTexts(
  db: DbOrTx,
  form: Pick<FormTable, 'definition'>,
  rows: Row[],
  session: Session | null | undefined,
): Promise<void> {
  for (const field of form.definition.fields) {
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
    const code = cgformDictOf(field);
    if (code?.includes(',')) {
      const resolved = tableDictOf(code, session);
      if (!resolved || !session) continue;
      for (const item of await loadTableDictItems(db, resolved, session, {
        keys: values,
        limit: values.length,
      }))
        texts.set(item.value, item.text);
    } else if (field.fieldShowType === 'pca') {
      for (const value of values.slice(0, 5000)) {
        const names = await placeNames(db, value);
        if (names) texts.set(value, [names.province, names.city, names.district].filter(Boolean).join(' / '));
      }
    } else {
      continue;
    }
    for (const row of rows)
      if (present(row[name])) row[`${name}_dictText`] = texts.get(String(row[name])) ?? String(row[name]);
  }
}

/** Refuses a value of a unique field that another row of the tenant already holds, naming the field. */
export async function checkUnique(
  tx: DbOrTx,
  form: Pick<FormTable, 'definition' | 'table' | 'columns'>,
  values: Row,
  id: string | null,
  tenant: number,
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
        `${field.dbFieldTxt}(${field.dbFieldName}): 值 ${String(value).slice(0, 100)} 已存在`,
        400,
      );
  }
}
