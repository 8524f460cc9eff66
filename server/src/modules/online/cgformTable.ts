// The synced definition of a form as a drizzle table and a zod body, so its data goes through the same query
// builder (bound values, declared fields only) as every hand-written list.
import { CGFORM_SCHEMA, type CgformField } from '@freight/contracts';
import {
  date,
  doublePrecision,
  integer,
  numeric,
  type PgColumnBuilderBase,
  type PgTable,
  pgSchema,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { newId, tenantIdColumn } from '../../platform/db/columns.ts';
import { sanitizeRichText } from '../system/index.ts';
import type { CgformSnapshot } from './cgformSchema.ts';

const onl = pgSchema(CGFORM_SCHEMA);

function columnOf(field: CgformField): PgColumnBuilderBase {
  const name = field.dbFieldName;
  switch (field.dbType) {
    case 'string':
      return varchar(name, { length: field.dbLength ?? 32 });
    case 'int':
      return integer(name);
    case 'double':
      return doublePrecision(name);
    case 'BigDecimal':
      return numeric(name, { precision: field.dbLength ?? 10, scale: field.dbPointLength ?? 0 });
    case 'Date':
      return date(name, { mode: 'string' });
    case 'Datetime':
      return timestamp(name, { withTimezone: true, mode: 'date' });
    default:
      return text(name);
  }
}

/** The form's table: system columns and one column per field, each keyed by its database name. */
export function cgformTableOf(definition: CgformSnapshot): PgTable {
  const columns: Record<string, PgColumnBuilderBase> = {
    id: varchar('id', { length: 32 })
      .primaryKey()
      .$defaultFn(() => newId()),
    create_by: varchar('create_by', { length: 64 }),
    create_time: timestamp('create_time', { withTimezone: true, mode: 'date' }).defaultNow().notNull(),
    update_by: varchar('update_by', { length: 64 }),
    update_time: timestamp('update_time', { withTimezone: true, mode: 'date' }),
    tenant_id: tenantIdColumn(),
  };
  for (const field of definition.fields) columns[field.dbFieldName] = columnOf(field);
  return onl.table(definition.head.tableName, columns);
}

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : v);

function valueSchema(field: CgformField): z.ZodType {
  const label = field.dbFieldTxt;
  // Rich text keeps formatting only: scripts, handlers and javascript: links are removed before storing.
  if (field.fieldShowType === 'umeditor')
    return z.coerce
      .string()
      .max(field.dbType === 'string' ? (field.dbLength ?? 32) : 100_000, `${label}过长`)
      .transform((v) => sanitizeRichText(v));
  switch (field.dbType) {
    case 'int':
      return z.coerce
        .number({ error: `${label}不是整数` })
        .int(`${label}不是整数`)
        .min(-2_147_483_648)
        .max(2_147_483_647);
    case 'double':
      return z.coerce.number({ error: `${label}不是数字` }).refine(Number.isFinite, `${label}不是数字`);
    case 'BigDecimal': {
      const scale = field.dbPointLength ?? 0;
      const whole = (field.dbLength ?? 10) - scale;
      const pattern = new RegExp(`^-?\\d{1,${Math.max(whole, 1)}}(\\.\\d{1,${Math.max(scale, 1)}})?$`);
      return z
        .union([z.number(), z.string()])
        .transform((v) => String(v).trim())
        .refine(
          (v) => pattern.test(v) && (scale > 0 || !v.includes('.')),
          `${label}不是有效的数字或超出位数`,
        );
    }
    case 'Date':
      return z
        .union([z.string(), z.date()])
        .transform((v) =>
          v instanceof Date
            ? new Date(v.getTime() + 8 * 3600_000).toISOString().slice(0, 10)
            : v.slice(0, 10),
        )
        .refine(
          (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
          `${label}不是有效的日期`,
        );
    case 'Datetime':
      return z
        .union([z.string(), z.date()])
        .transform((v) => {
          if (v instanceof Date) return v;
          const t = v.trim();
          return new Date(/^\d{4}-\d{2}-\d{2}( |T)\d{2}:\d{2}/.test(t) ? `${t.replace(' ', 'T')}+08:00` : t);
        })
        .refine((d) => !Number.isNaN(d.getTime()), `${label}不是有效的时间`);
    case 'Text':
      return z.coerce.string().max(100_000, `${label}过长`);
    default: {
      let s = z.coerce.string().max(field.dbLength ?? 32, `${label}不能超过${field.dbLength ?? 32}个字符`);
      if (field.fieldValidType) s = s.regex(new RegExp(field.fieldValidType), `${label}格式不正确`);
      return s;
    }
  }
}

/**
 * The add/edit body of a form: its form fields, typed by their columns; a required field without a default
 * must be given, a blank value is null. Unknown keys are dropped, so no column outside the form is written.
 */
export function cgformBodyOf(
  definition: CgformSnapshot,
  mode: 'add' | 'edit',
): z.ZodType<Record<string, unknown>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of definition.fields) {
    const value = valueSchema(field);
    const required = field.dbIsNull === 0 && !field.dbDefaultVal && mode === 'add';
    shape[field.dbFieldName] = required
      ? z.preprocess(
          blankToNull,
          value.nullable().refine((v) => v !== null, `${field.dbFieldTxt}不能为空`),
        )
      : z.preprocess(blankToNull, value.nullable().optional());
  }
  return z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/** Defaults of the fields a new row leaves out, as bound values of their types. */
export function defaultsOf(
  definition: CgformSnapshot,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const out = { ...values };
  for (const field of definition.fields) {
    if (out[field.dbFieldName] !== undefined && out[field.dbFieldName] !== null) continue;
    const raw = field.dbDefaultVal;
    if (raw === null || raw === undefined) continue;
    const parsed = valueSchema(field).safeParse(raw);
    if (parsed.success) out[field.dbFieldName] = parsed.data;
  }
  return out;
}
