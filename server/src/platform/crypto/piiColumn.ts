import { randomBytes } from 'node:crypto';
import { type AnyColumn, eq, getTableColumns, getTableName, type SQL, sql } from 'drizzle-orm';
import { customType, type PgColumn, type PgTable, varchar } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { isEncrypted, keysFromEnv, loadPiiCipher, PiiCipher } from './pii.ts';

// Personal numbers (ID numbers, bank card numbers) encrypted at rest, column by column. The column type does
// the work on the way in and out of the driver, so every drizzle read sees the plain value and every write
// stores `enc:v1:<kid>:<iv>:<ciphertext>:<hmac>`: the cipher text under the active key plus the keyed hash of
// the plain value, which a generated `<column>_hash` column exposes for unique indexes and exact lookups
// (`piiEq`). The hash key never rotates, so lookups survive a key rotation.

let installed: PiiCipher | undefined;

/** The cipher every personal-number column uses from now on (set once at start, before any query). */
export function installPiiCipher(cipher: PiiCipher): void {
  installed = cipher;
}

/**
 * Installs the deployment's cipher unless one is: the environment's keys, else DATA_DIR/pii-keys.json (made
 * on the first start), else — a database without a data directory, in memory — a key of this process only.
 */
export async function ensurePiiCipher(dataDir: string | null | undefined): Promise<PiiCipher> {
  if (installed) return installed;
  const fromEnv = keysFromEnv(process.env);
  if (fromEnv) installed = new PiiCipher(fromEnv);
  else if (dataDir) installed = await loadPiiCipher(dataDir);
  else {
    const key = () => randomBytes(32).toString('base64');
    installed = new PiiCipher({ active: 'mem', keys: { mem: key() }, index: key() });
  }
  return installed;
}

/** The installed cipher, else the environment's keys (PII_KEYS); without either nothing may be stored. */
export function piiCipher(): PiiCipher {
  if (!installed) {
    const fromEnv = keysFromEnv(process.env);
    if (!fromEnv)
      throw new Error('PII keys not loaded: set PII_KEYS and PII_INDEX_KEY, or start with a DATA_DIR');
    installed = new PiiCipher(fromEnv);
  }
  return installed;
}

const HMAC_PART = 6;

/** The stored form of a plain value; a value already stored (copied from another personal column) stays. */
export function sealPii(plain: string): string {
  if (isEncrypted(plain)) return plain;
  const cipher = piiCipher();
  return `${cipher.encrypt(plain)}:${cipher.blindIndex(plain)}`;
}

/** The plain value of a stored one (a not yet converted plain value comes back as it is). */
export function openPii(stored: string): string {
  return piiCipher().decrypt(stored);
}

/** A text column holding a personal number encrypted (see above). */
export const piiText = customType<{ data: string; driverData: string }>({
  dataType: () => 'text',
  toDriver: sealPii,
  fromDriver: openPii,
});

/** The generated keyed-hash column of the personal column `column` (its SQL name). */
export const piiHash = (column: string) =>
  varchar(`${column}_hash`, { length: 64 }).generatedAlwaysAs(
    sql.raw(`CASE WHEN "${column}" LIKE 'enc:v1:%' THEN split_part("${column}", ':', ${HMAC_PART}) END`),
  );

/** Whether a column is a personal-number column of `piiText`. */
export function isPiiColumn(column: AnyColumn): boolean {
  return (column as unknown as { mapTo?: unknown }).mapTo === sealPii;
}

function hashColumnOf(column: PgColumn): PgColumn | undefined {
  const name = `${column.name}_hash`;
  return Object.values(getTableColumns(column.table) as Record<string, PgColumn>).find(
    (c) => c.name === name,
  );
}

/**
 * Equality with a plain value that works on personal-number columns too (their cipher text differs on every
 * write): through the keyed hash, indexed when the table has the generated hash column.
 */
export function piiEq(column: AnyColumn, value: string): SQL {
  if (!isPiiColumn(column)) return eq(column, value);
  const index = piiCipher().blindIndex(value);
  const hash = hashColumnOf(column as PgColumn);
  return hash ? eq(hash, index) : sql`split_part(${column}, ':', ${sql.raw(String(HMAC_PART))}) = ${index}`;
}

/** The generated hash columns of a table (never sent to clients). */
export function piiHashKeys(table: PgTable): string[] {
  const columns = Object.entries(getTableColumns(table) as Record<string, PgColumn>);
  const names = new Set(columns.filter(([, c]) => isPiiColumn(c)).map(([, c]) => `${c.name}_hash`));
  return columns.filter(([, c]) => names.has(c.name)).map(([key]) => key);
}

/**
 * Brings every personal-number column of `tables` to the active key: plain values (rows written before the
 * columns were encrypted) and values under an older key are (re-)encrypted, current ones left alone, so it
 * may run on every start. Answers how many values changed.
 */
export async function reencryptPii(db: DbOrTx, tables: PgTable[], batch = 500): Promise<number> {
  const cipher = piiCipher();
  const current = `enc:v1:${cipher.activeKid}:%`;
  let changed = 0;
  for (const table of tables) {
    const columns = Object.values(getTableColumns(table) as Record<string, PgColumn>);
    const id = columns.find((c) => c.primary);
    if (!id) throw new Error(`${getTableName(table)}: a table with personal columns needs a primary key`);
    for (const column of columns.filter(isPiiColumn)) {
      const target = sql.identifier(getTableName(table));
      const col = sql.identifier(column.name);
      const idCol = sql.identifier(id.name);
      for (;;) {
        // Raw values (the column type would decrypt them); rows already moved no longer match.
        const result = await db.execute(
          sql`select ${idCol} as id, ${col} as value from ${target}
              where ${col} is not null and ${col} not like ${current} limit ${batch}`,
        );
        const rows = rowsOf<{ id: string; value: string }>(result);
        if (rows.length === 0) break;
        for (const row of rows) {
          const sealed = sealPii(openPii(row.value));
          await db.execute(sql`update ${target} set ${col} = ${sealed} where ${idCol} = ${row.id}`);
        }
        changed += rows.length;
        if (rows.length < batch) break;
      }
    }
  }
  return changed;
}
