// Generated request inputs for the route fuzz test: plausible values shaped by a route's schema (JSON Schema
// rendered from its zod schema), and hostile values put in place of some of them.
import fc from 'fast-check';

/** The part of JSON Schema that zod's `toJSONSchema` writes and the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

const LONG = 10_000;

/** Strings that broke, or could break, a layer below the schema: the driver, the database, dates, paths. */
export const HOSTILE_STRINGS: string[] = [
  '\u0000',
  'a\u0000b',
  'x'.repeat(LONG),
  '长'.repeat(LONG),
  '0000-00-00',
  '0000-00-00 00:00:00',
  '2024-13-45',
  '2024-02-30 25:61:61',
  '9999-12-31 23:59:59',
  '10000-01-01',
  '275761-01-01',
  '-000001-01-01T00:00:00Z',
  '1970-01-01T00:00:00.000Z',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e400',
  '99999999999999999999999',
  '-99999999999999999999999',
  '9223372036854775808',
  '2147483648',
  '-2147483649',
  '1.5',
  '-1',
  '0',
  '',
  ' ',
  '😀',
  '𠀀𠀁',
  '\ud800',
  '\u202egnp.exe',
  "' OR 1=1 --",
  '"; drop table sys_user; --',
  '../../../etc/passwd',
  '%00',
  '%25',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  'null',
  'true',
  '{}',
  '[]',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a,b,,c',
  'sys_user,username,password',
  'id desc; select 1',
];

const deep = (levels: number): unknown => (levels === 0 ? 1 : [deep(levels - 1)]);

/** Numbers, wrong types and shapes. */
export const HOSTILE_OTHERS: unknown[] = [
  0,
  -1,
  1.5,
  -0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  2 ** 63,
  1e20,
  -1e20,
  1e308,
  -1e308,
  5e-324,
  null,
  true,
  false,
  [],
  {},
  [null],
  ['a', 1, null],
  { $ne: 1 },
  { a: { b: { c: '\u0000' } } },
  deep(60),
  Array.from({ length: 2000 }, (_, i) => i),
];

export const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_OTHERS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.bigInt().map((n) => Number(n)) },
);

/** Path segments for `*` routes: percent signs that do not decode, traversal, NUL. */
export const HOSTILE_PATH_TAILS = [
  '%25',
  '%',
  '%E0%A4%A',
  '%00',
  'a%00.png',
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e/%2e%2e/etc/passwd',
  'a/../../b',
  'x'.repeat(2000),
  '%F0%9F%98%80.png',
  'temp/20240101/none.png',
];

/** A string cut or padded to the schema's length bounds: cheaper than filtering generated ones. */
const fit = (text: string, min: number, max: number) =>
  text.length > max ? text.slice(0, max) : text.length < min ? text.padEnd(min, '0') : text;

const DAY_2000 = Date.UTC(2000, 0, 1);
const DAY_2035 = Date.UTC(2035, 0, 1);

/** Strings of the shapes real inputs have: ids, codes, digits, dates, names. */
const plausibleString = (min = 0, max = 24): fc.Arbitrary<string> => {
  const top = Math.max(min, Math.min(max, 24));
  return fc
    .oneof(
      fc.string({ minLength: 0, maxLength: top }),
      fc.integer({ min: 0, max: 99_999 }).map(String),
      fc
        .integer({ min: DAY_2000, max: DAY_2035 })
        .map((ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ')),
      fc.constantFrom('张三', 'shipper', 'a_code', '京A12345', '13800138000', '110101199003071234'),
    )
    .map((text) => fit(text, min, Math.max(max, min)));
};

const patternCache = new Map<string, fc.Arbitrary<string> | null>();

function patterned(pattern: string): fc.Arbitrary<string> | null {
  if (!patternCache.has(pattern)) {
    let arbitrary: fc.Arbitrary<string> | null = null;
    try {
      arbitrary = fc.stringMatching(new RegExp(pattern, 'u'), { size: 'xsmall' });
    } catch {
      // a pattern fast-check cannot invert: plain strings instead
    }
    patternCache.set(pattern, arbitrary);
  }
  return patternCache.get(pattern) ?? null;
}

let idPool: string[] = [];

/** Ids of rows that exist, drawn for fields named like ids so edits and actions reach a real record. */
export function useIdPool(ids: string[]): void {
  idPool = ids;
}

const ID_KEY = /^(id|ids)$|Id$|Ids$/;

export function idLike(key: string, fallback: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (!ID_KEY.test(key) || idPool.length === 0) return fallback;
  const one = fc.constantFrom(...idPool);
  const value = key.endsWith('s')
    ? fc.array(one, { minLength: 1, maxLength: 3 }).map((a) => a.join(','))
    : one;
  return fc.oneof({ weight: 2, arbitrary: value }, { weight: 1, arbitrary: fallback });
}

/** A value the schema would plausibly accept (not always: `pattern` and refinements are approximate). */
export function plausible(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.oneof(plausibleString(), fc.integer(), fc.boolean());
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => plausible(s, depth + 1)));
  if (schema.allOf?.length) return plausible(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return (
        (schema.pattern && patterned(schema.pattern)) ||
        plausibleString(schema.minLength ?? 0, schema.maxLength ?? 24)
      );
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1_000, -1_000_000),
        max: Math.min(schema.maximum ?? 100_000, 1_000_000_000),
      });
    case 'number':
      return fc.double({
        min: Math.max(schema.minimum ?? -1_000, -1e9),
        max: Math.min(schema.maximum ?? 100_000, 1e12),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(plausible(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, sub] of Object.entries(props)) {
        const type = Array.isArray(sub.type) ? sub.type[0] : sub.type;
        model[key] = type === 'string' ? idLike(key, plausible(sub, depth + 1)) : plausible(sub, depth + 1);
      }
      return fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
    }
    default:
      return fc.oneof(plausibleString(), fc.integer({ min: -10, max: 1_000 }), fc.boolean());
  }
}

/**
 * A plausible value with hostile values put in: at some keys of an object (declared keys, and `extraKeys`
 * the route may read without declaring them), inside an array, or in place of the whole value.
 */
export function hostileWithin(
  schema: JsonSchema | undefined,
  extraKeys: string[] = [],
  depth = 0,
): fc.Arbitrary<unknown> {
  const type = Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
  const isObject = type === 'object' || (!schema && depth === 0) || (!type && schema?.properties);
  if (isObject && depth < 3) {
    const props = schema?.properties ?? {};
    const keys = [...new Set([...Object.keys(props), ...extraKeys])];
    if (keys.length === 0) return fc.oneof(hostile, fc.dictionary(fc.string({ maxLength: 12 }), hostile));
    const replacement = fc
      .constantFrom(...keys)
      .chain((key) =>
        fc.tuple(
          fc.constant(key),
          props[key] ? fc.oneof(hostile, hostileWithin(props[key], [], depth + 1)) : hostile,
        ),
      );
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc
          .tuple(plausible(schema, depth), fc.array(replacement, { minLength: 1, maxLength: 3 }))
          .map(([base, subs]) => ({ ...(base as object), ...Object.fromEntries(subs) })),
      },
      { weight: 1, arbitrary: hostile },
    );
  }
  if (type === 'array' && depth < 3) {
    return fc.oneof(
      fc.array(fc.oneof(plausible(schema?.items, depth + 1), hostileWithin(schema?.items, [], depth + 1)), {
        minLength: 1,
        maxLength: 3,
      }),
      hostile,
    );
  }
  return hostile;
}

/** A query string's values are text: numbers and flags as they print, objects as JSON, arrays repeated. */
export function asQueryValue(value: unknown): string | string[] {
  if (typeof value === 'string') return value;
  if (Array.isArray(value))
    return value.slice(0, 20).map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? 'null')));
  if (value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
