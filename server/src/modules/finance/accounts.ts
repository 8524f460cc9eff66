import { WALLET_OWNER } from '@freight/contracts';
import { asc, eq, inArray, notExists, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../platform/db/client.ts';
import { findTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { hyCustomer, type NoteRow } from '../freight/index.ts';
import type { BankAdapter } from './bank/adapter.ts';
import { ALL_PLATFORM_KEYS, type Books, type WalletKey, walletOfOwner } from './books.ts';
import { finNoteSettlement, finWallet, finWalletConfig } from './schema.ts';

export type SettlementRow = typeof finNoteSettlement.$inferSelect;
export type WalletConfigRow = typeof finWalletConfig.$inferSelect;

const CHUNK = 400;

/** No row of `table` meets `where` (a condition on the rows of an outer query). */
const noRowOf = (tx: DbOrTx, table: PgTable, where: SQL) =>
  notExists(tx.select({ one: sql`1` }).from(table).where(where));

/** Inserts rows a chunk per statement, leaving out the ones whose key is taken already. */
async function insertMissing<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  rows: Array<PgInsertValue<T>>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK)
    await tx
      .insert(table)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoNothing();
}

/**
 * Every customer of `customerIds` (all customers of the tenant when omitted) gets its wallet configuration
 * (copied from the customer's terms, with a virtual sub-account at the bank) and its wallet. Reads first, so
 * the common case — everything exists — writes nothing.
 */
export async function ensureCustomerAccounts(
  tx: DbOrTx,
  bank: BankAdapter,
  tenantId: number,
  customerIds?: string[],
): Promise<void> {
  const scope = customerIds ? [...new Set(customerIds)] : undefined;
  if (scope && scope.length === 0) return;
  const missingConfig = await tx
    .select()
    .from(hyCustomer)
    .where(
      ofTenant(
        hyCustomer,
        tenantId,
        scope ? inArray(hyCustomer.id, scope) : undefined,
        noRowOf(tx, finWalletConfig, eq(finWalletConfig.customerId, hyCustomer.id)),
      ),
    );
  await insertMissing(
    tx,
    finWalletConfig,
    missingConfig.map((c) => ({
      customerId: c.id,
      tenantId,
      customerName: c.customerName,
      settleMode: c.settleMode,
      creditDays: c.creditDays,
      creditLimitFen: c.creditLimitFen,
      bankChannel: bank.channel,
      subAccountNo: bank.virtualAccount(c.id),
      createBy: 'system',
    })),
  );
  const missingWallet = await tx
    .select({
      customerId: finWalletConfig.customerId,
      customerName: finWalletConfig.customerName,
      creditLimitFen: finWalletConfig.creditLimitFen,
    })
    .from(finWalletConfig)
    .where(
      ofTenant(
        finWalletConfig,
        tenantId,
        scope ? inArray(finWalletConfig.customerId, scope) : undefined,
        noRowOf(tx, finWallet, walletOfOwner(tenantId, WALLET_OWNER.customer, finWalletConfig.customerId)),
      ),
    );
  await insertMissing(
    tx,
    finWallet,
    missingWallet.map((c) => ({
      tenantId,
      ownerType: WALLET_OWNER.customer,
      ownerId: c.customerId,
      ownerName: c.customerName,
      creditLimitFen: c.creditLimitFen,
      createBy: 'system',
    })),
  );
}

/** The wallets the money of these notes touches: customers', drivers', agents' and the platform's. */
export function walletKeysOf(notes: NoteRow[]): WalletKey[] {
  const keys: WalletKey[] = [...ALL_PLATFORM_KEYS];
  for (const note of notes) {
    keys.push({ ownerType: WALLET_OWNER.customer, ownerId: note.customerId, ownerName: note.customerName });
    keys.push({ ownerType: WALLET_OWNER.driver, ownerId: note.driverId, ownerName: note.driverName });
    if (note.orderMode === 3 && note.agentId)
      keys.push({ ownerType: WALLET_OWNER.agent, ownerId: note.agentId, ownerName: null });
  }
  return keys;
}

/** The settlement rows of locked notes, created when missing and locked in note order. */
export async function lockSettlements(tx: DbOrTx, notes: NoteRow[]): Promise<Map<string, SettlementRow>> {
  const out = new Map<string, SettlementRow>();
  if (notes.length === 0) return out;
  await insertMissing(
    tx,
    finNoteSettlement,
    notes.map((n) => ({ noteId: n.id, tenantId: n.tenantId, customerId: n.customerId })),
  );
  const ids = notes.map((n) => n.id).sort();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await tx
      .select()
      .from(finNoteSettlement)
      .where(inArray(finNoteSettlement.noteId, ids.slice(i, i + CHUNK)))
      .orderBy(asc(finNoteSettlement.noteId))
      .for('update');
    for (const row of rows) out.set(row.noteId, row);
  }
  return out;
}

/**
 * The settlements of locked notes and the books with the wallets their money touches (after `more`) locked: the
 * lock order after the notes.
 */
export async function lockNoteMoney(
  tx: DbOrTx,
  notes: NoteRow[],
  books: Books,
  more: WalletKey[] = [],
): Promise<Map<string, SettlementRow>> {
  const settlements = await lockSettlements(tx, notes);
  await books.lock([...more, ...walletKeysOf(notes)]);
  return settlements;
}

/** Writes back changed settlement rows in one statement per chunk (every value bound). */
export async function saveSettlements(tx: DbOrTx, rows: SettlementRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = sql.join(
      rows
        .slice(i, i + CHUNK)
        .map(
          (r) =>
            sql`(${r.noteId}, ${r.billId}, ${r.chargedFen}::bigint, ${r.chargeTime}::timestamptz, ${r.advancedFen}::bigint, ${r.cardShareFen}::bigint, ${r.prepaidFen}::bigint, ${r.finalPaidFen}::bigint, ${r.agentPaidFen}::bigint, ${r.adjustFen}::bigint, ${r.heldFen}::bigint, ${r.etcDeductFen}::bigint)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${finNoteSettlement} as s
      set bill_id = v.bill_id, charged_fen = v.charged_fen, charge_time = v.charge_time,
          advanced_fen = v.advanced_fen, card_share_fen = v.card_share_fen, prepaid_fen = v.prepaid_fen,
          final_paid_fen = v.final_paid_fen, agent_paid_fen = v.agent_paid_fen, adjust_fen = v.adjust_fen,
          held_fen = v.held_fen, etc_deduct_fen = v.etc_deduct_fen, update_time = now()
      from (values ${values}) as v(note_id, bill_id, charged_fen, charge_time, advanced_fen, card_share_fen,
        prepaid_fen, final_paid_fen, agent_paid_fen, adjust_fen, held_fen, etc_deduct_fen)
      where s.note_id = v.note_id`);
  }
}

/** Wallet configuration of a customer. */
export async function walletConfigOf(
  tx: DbOrTx,
  tenantId: number,
  customerId: string,
): Promise<WalletConfigRow | undefined> {
  return findTenantRow(tx, finWalletConfig, tenantId, eq(finWalletConfig.customerId, customerId));
}
