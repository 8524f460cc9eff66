import { randomUUID } from 'node:crypto';
import { bigint, customType, integer, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Binary data (bytea), read as a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** 32-character ids, as the reference's varchar(32) keys, without its snowflake machinery. */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

export const idColumn = () =>
  varchar('id', { length: 32 })
    .primaryKey()
    .$defaultFn(() => newId());

/** The tenant a row belongs to; 0 is the platform's own. */
export const tenantIdColumn = () => integer('tenant_id').notNull().default(0);

/** A reference to another row's 32-character id. */
export const idRef = (name: string) => varchar(name, { length: 32 });

/** The path of an uploaded file (a sys_file row), as the upload answered it. */
export const fileRef = (name: string) => varchar(name, { length: 255 });

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written: set by the database. */
export const createTimeColumn = () => tstz('create_time').defaultNow().notNull();

/** The soft-delete mark a resource with `softDelete` filters on: 0 live, 1 in the recycle bin. */
export const delFlagColumn = () => smallint('del_flag').notNull().default(0);

/**
 * Whether an imported statement line (bank, fuel, toll) or a row it is checked against has been matched in
 * reconciliation: 0 not yet, 1 matched.
 */
export const matchStateColumn = () => smallint('match_state').notNull().default(0);

/** When a row that is written over in place (a counter, a limit, a running total) was last written. */
export const lastWriteTimeColumn = () => tstz('update_time').defaultNow().notNull();

/** create_by/create_time/update_by/update_time on every business table. */
export const auditColumns = () => ({
  createBy: varchar('create_by', { length: 64 }),
  createTime: createTimeColumn(),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: tstz('update_time'),
});

/** A role: its name, the code it is found by and what it is for. */
export const roleColumns = (nameLength: 100 | 200) => ({
  roleName: varchar('role_name', { length: nameLength }).notNull(),
  roleCode: varchar('role_code', { length: 100 }).notNull(),
  description: varchar('description', { length: 255 }),
});

/** An amount in integer fen that every row is written with: no default stands in for it. */
export const requiredFenColumn = (name: string) => bigint(name, { mode: 'number' }).notNull();

/** An amount in integer fen, zero until set. */
export const fenColumn = (name: string) => requiredFenColumn(name).default(0);

/** Who reviewed a request and when; empty until a reviewer decides. */
export const reviewerColumns = () => ({
  reviewedBy: varchar('reviewed_by', { length: 64 }),
  reviewTime: tstz('review_time'),
});

/** A recorded step of a state machine: the state before it (none for the first step) and after it. */
export const stateMoveColumns = () => ({
  fromState: smallint('from_state'),
  toState: smallint('to_state').notNull(),
});

/**
 * An outbox row's claim: the sender holding it and until when. A crash leaves a claim that expires, and the row
 * is taken again.
 */
export const claimColumns = () => ({
  claimToken: varchar('claim_token', { length: 32 }),
  claimedUntil: tstz('claimed_until'),
});

/** The column name of a property (`buttonName`: button_name). */
const snakeCase = (property: string) => property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

type Prefixed<TPrefix extends string, TColumns> = {
  [K in keyof TColumns & string as `${TPrefix}${Capitalize<K>}`]: TColumns[K];
};

/**
 * A group of columns named after one prefix: `build` gets the prefix in snake case for the column names, and
 * its properties get the prefix in front (`fuelCard`: { mode } in fuel_card_mode becomes fuelCardMode).
 */
export function prefixed<TPrefix extends string, TColumns extends object>(
  prefix: TPrefix,
  build: (column: string) => TColumns,
) {
  const column = snakeCase(prefix);
  const entries = Object.entries(build(column)).map(([key, builder]) => [
    `${prefix}${key[0]?.toUpperCase()}${key.slice(1)}`,
    builder,
  ]);
  return Object.fromEntries(entries) as Prefixed<TPrefix, TColumns>;
}

/** Who took a step and when (`appeal`: appeal_by, appeal_time). */
export const actorColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    by: varchar(`${column}_by`, { length: 64 }),
    time: tstz(`${column}_time`),
  }));

/** Who decided a step, why and when (`handle`: handle_by, handle_reason, handle_time). */
export const decisionColumns = <TPrefix extends string>(prefix: TPrefix) =>
  prefixed(prefix, (column) => ({
    by: varchar(`${column}_by`, { length: 64 }),
    reason: varchar(`${column}_reason`, { length: 255 }),
    time: tstz(`${column}_time`),
  }));

/**
 * A text the console shows in the user's language (`buttonName`: button_name, button_name_en): the Chinese one,
 * required, and the one of the English mode, which may stay empty (the Chinese is shown then).
 */
export function bilingualColumns<TName extends string>(name: TName, length: number) {
  const column = snakeCase(name);
  const chinese = varchar(column, { length }).notNull();
  const english = varchar(`${column}_en`, { length });
  return { [name]: chinese, [`${name}En`]: english } as Record<TName, typeof chinese> &
    Record<`${TName}En`, typeof english>;
}
