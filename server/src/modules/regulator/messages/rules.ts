import type { ReportFieldError } from '@freight/contracts';
import type { BuildResult } from './types.ts';

// The field notation of the ministry's message tables (reference-freight.md §1.3): an..N text of at most N
// characters, anN exactly N, n..18,3 a number of at most 18 digits with exactly 3 decimals, n14
// YYYYMMDDhhmmss, n8 YYYYMMDD, code tables from the seeded dictionaries, GB/T 2260 division codes.
// A checker collects every violated rule with the field's path; it never stops at the first.

/** The dictionaries a message's codes must come from (never hard-coded: seeded, see dictionaries.ts). */
export interface CodeTables {
  plateColor: ReadonlySet<string>;
  vehicleType: ReadonlySet<string>;
  energyType: ReadonlySet<string>;
  cargoType: ReadonlySet<string>;
  paymentMeans: ReadonlySet<string>;
  bank: ReadonlySet<string>;
  insuranceCompany: ReadonlySet<string>;
  transportType: ReadonlySet<string>;
  businessType: ReadonlySet<string>;
  drivingClass: ReadonlySet<string>;
}

/** Dictionary code of each table (sys_dict). */
export const CODE_TABLE_DICTS: Record<keyof CodeTables, string> = {
  plateColor: 'plate_color',
  vehicleType: 'vehicle_type',
  energyType: 'energy_type',
  cargoType: 'cargo_type',
  paymentMeans: 'payment_means',
  bank: 'bank',
  insuranceCompany: 'insurance_company',
  transportType: 'transport_type',
  businessType: 'business_type',
  drivingClass: 'driving_class',
};

/** Code tables from any dictionary source (the running server's cache, or the seed list in tests). */
export function codeTablesFrom(itemsOf: (dictCode: string) => Iterable<string>): CodeTables {
  const out = {} as Record<keyof CodeTables, ReadonlySet<string>>;
  for (const [key, dict] of Object.entries(CODE_TABLE_DICTS) as Array<[keyof CodeTables, string]>)
    out[key] = new Set(itemsOf(dict));
  return out;
}

const N14 = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/;
const N8 = /^(\d{4})(\d{2})(\d{2})$/;
const DIVISION = /^\d{6}(\d{6})?$/;

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || y < 1900) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export type FieldValue = string | undefined | null;

export class FieldCheck {
  readonly errors: ReportFieldError[] = [];

  private fail(path: string, rule: string, message?: string): void {
    this.errors.push(message ? { path, rule, message } : { path, rule });
  }

  /** A required field's presence; false when missing (the caller skips its format rule). */
  private present(path: string, value: FieldValue, required: boolean, rule: string): value is string {
    if (value === undefined || value === null || value === '') {
      if (required) this.fail(path, rule, '必填');
      return false;
    }
    return true;
  }

  /** an..N (at most N characters) or, with `exact`, anN. */
  an(path: string, value: FieldValue, max: number, options: { required?: boolean; exact?: boolean } = {}) {
    const rule = options.exact ? `an${max}` : `an..${max}`;
    if (!this.present(path, value, options.required ?? true, rule)) return;
    if (options.exact ? value.length !== max : value.length > max) this.fail(path, rule);
  }

  /** n..D,S: at most D digits of which exactly S decimals, not negative. */
  decimal(path: string, value: FieldValue, digits = 18, scale = 3, required = true) {
    const rule = `n..${digits},${scale}`;
    if (!this.present(path, value, required, rule)) return;
    const dot = value.indexOf('.');
    const whole = dot < 0 ? value : value.slice(0, dot);
    const fraction = dot < 0 ? '' : value.slice(dot + 1);
    if (
      fraction.length !== scale ||
      whole.length === 0 ||
      whole.length + scale > digits ||
      !/^\d+$/.test(whole) ||
      (scale > 0 && !/^\d+$/.test(fraction))
    )
      this.fail(path, rule);
  }

  /** n..N: a whole number of at most N digits. */
  integer(path: string, value: FieldValue, digits: number, required = true) {
    const rule = `n..${digits}`;
    if (!this.present(path, value, required, rule)) return;
    if (value.length > digits || !/^\d+$/.test(value)) this.fail(path, rule);
  }

  /** n14: YYYYMMDDhhmmss, a real instant. */
  dateTime(path: string, value: FieldValue, required = true) {
    if (!this.present(path, value, required, 'n14')) return;
    const m = N14.exec(value);
    if (
      !m ||
      !validDay(Number(m[1]), Number(m[2]), Number(m[3])) ||
      Number(m[4]) > 23 ||
      Number(m[5]) > 59 ||
      Number(m[6]) > 59
    )
      this.fail(path, 'n14');
  }

  /** n8: YYYYMMDD. */
  date(path: string, value: FieldValue, required = true) {
    if (!this.present(path, value, required, 'n8')) return;
    const m = N8.exec(value);
    if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) this.fail(path, 'n8');
  }

  /** A code from a dictionary table. */
  code(path: string, value: FieldValue, table: ReadonlySet<string>, name: string, required = true) {
    const rule = `code:${name}`;
    if (!this.present(path, value, required, rule)) return;
    if (!table.has(value)) this.fail(path, rule, `不在代码表${name}中`);
  }

  /** GB/T 2260 administrative division: 6 digits (county) or 12 (township/village). */
  division(path: string, value: FieldValue, required = true) {
    if (!this.present(path, value, required, 'division')) return;
    if (!DIVISION.test(value) || value.startsWith('00'))
      this.fail(path, 'division', '行政区划代码为6或12位数字');
  }

  /** A pattern rule (e.g. the serial number's XXYY). */
  pattern(path: string, value: FieldValue, regex: RegExp, rule: string, required = true) {
    if (!this.present(path, value, required, rule)) return;
    if (!regex.test(value)) this.fail(path, rule);
  }

  /** A list that must hold at least one item. */
  nonEmpty(path: string, list: readonly unknown[] | undefined) {
    if (!list || list.length === 0) this.fail(path, 'required', '至少一项');
  }

  /** A rule between fields, reported on one of them. */
  rule(path: string, holds: boolean, rule: string, message?: string) {
    if (!holds) this.fail(path, rule, message);
  }
}

/** `path: rule` lines, as shown on the upload screen and in lastMessage. */
export function describeErrors(errors: readonly ReportFieldError[]): string {
  return errors.map((e) => `${e.path}: ${e.rule}${e.message ? `（${e.message}）` : ''}`).join('; ');
}

// ---- formatting the product's units into the message's ---------------------------------------------------

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** YYYYMMDDhhmmss in China time (UTC+8 all year: no daylight saving since 1991). */
export function n14(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) return undefined;
  const iso = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return (
    iso.slice(0, 4) +
    iso.slice(5, 7) +
    iso.slice(8, 10) +
    iso.slice(11, 13) +
    iso.slice(14, 16) +
    iso.slice(17, 19)
  );
}

/** YYYYMMDD from a 'YYYY-MM-DD' day (or a Date, in China time). */
export function n8(value: Date | string | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value))
    return value.slice(0, 10).replaceAll('-', '');
  return n14(value)?.slice(0, 8);
}

function fixed(whole: number, fraction: number, width: number, scale: number): string {
  return `${whole}.${String(fraction).padStart(width, '0').padEnd(scale, '0')}`;
}

/** Integer fen as yuan with 3 decimals (n..18,3), without floating point. */
export function fenToYuan3(fen: number | null | undefined): string | undefined {
  if (fen === null || fen === undefined || !Number.isFinite(fen)) return undefined;
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return sign + fixed(Math.trunc(abs / 100), abs % 100, 2, 3);
}

/** Integer grams as kilograms with 3 decimals. */
export function gramsToKg3(grams: number | null | undefined): string | undefined {
  if (grams === null || grams === undefined || !Number.isFinite(grams)) return undefined;
  const abs = Math.abs(Math.trunc(grams));
  return (grams < 0 ? '-' : '') + fixed(Math.trunc(abs / 1000), abs % 1000, 3, 3);
}

/** Integer kilograms as tonnes with 2 decimals (n..9,2), rounded half up. */
export function kgToTonnes2(kg: number | null | undefined): string | undefined {
  if (kg === null || kg === undefined || !Number.isFinite(kg)) return undefined;
  const tenKg = Math.round(Math.abs(kg) / 10);
  return (kg < 0 ? '-' : '') + fixed(Math.trunc(tenKg / 100), tenKg % 100, 2, 2);
}

/** Blank text becomes undefined (a missing field), other text is trimmed. */
export function textOf(value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A message's build: made from its input, kept only when every field rule holds. */
export function messageBuilder<I, M>(
  messageOf: (input: I) => M,
  validate: (message: M, codes: CodeTables) => FieldCheck,
): (input: I, codes: CodeTables) => BuildResult<M> {
  return (input, codes) => {
    const message = messageOf(input);
    const { errors } = validate(message, codes);
    return errors.length ? { ok: false, errors } : { ok: true, message };
  };
}
