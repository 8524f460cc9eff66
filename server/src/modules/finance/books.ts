import {
  PLATFORM_ACCOUNT,
  PLATFORM_ACCOUNT_NAMES,
  type PlatformAccount,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, asc, eq, inArray, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { finLedgerLine, finPosting, finWallet, finWalletFreeze } from './schema.ts';

// The books of one money transaction. Wallets are locked once, up front, in id order (SELECT … FOR UPDATE),
// balances are then kept in memory while postings are written, and everything is flushed in a few bulk
// statements at the end: a batch of 1 000 notes costs a handful of statements per table, not thousands.

export type WalletRow = typeof finWallet.$inferSelect;

export interface WalletKey {
  ownerType: number;
  ownerId: string;
  ownerName?: string | null;
}

/** The tenant's wallet of one owner (the owner may be a column of an outer query). */
export function walletOfOwner(tenantId: number, ownerType: number, ownerId: string | SQLWrapper): SQL {
  return ofTenant(finWallet, tenantId, eq(finWallet.ownerType, ownerType), eq(finWallet.ownerId, ownerId));
}

/** A locked wallet and its running figures within this transaction. */
export interface HeldWallet {
  row: WalletRow;
  balance: number;
  frozen: number;
  lineCount: number;
  dirty: boolean;
}

export interface Leg {
  wallet: HeldWallet;
  /** Credit positive, debit negative. */
  amountFen: number;
  type: number;
  noteId?: string | null;
  shippingNoteNumber?: string | null;
  billId?: string | null;
  bankSerialNo?: string | null;
  customerId?: string | null;
  memo?: string | null;
}

export interface PostingInput {
  event: string;
  noteId?: string | null;
  billId?: string | null;
  paymentId?: string | null;
  bankSerialNo?: string | null;
  memo?: string | null;
  legs: Leg[];
}

const CHUNK = 400;

let sequence = 0;
/**
 * Ids of ledger lines sort in the order they were written (time, then a per-process counter): lines of one
 * transaction share its time, and the list shows them in the order their balances ran.
 */
export function lineId(): string {
  sequence = (sequence + 1) % 0x1_0000_0000;
  return `${Date.now().toString(16).padStart(12, '0')}${sequence.toString(16).padStart(8, '0')}${newId().slice(0, 12)}`;
}
const keyOf = (ownerType: number, ownerId: string) => `${ownerType}:${ownerId}`;

export const platformKey = (code: PlatformAccount): WalletKey => ({
  ownerType: WALLET_OWNER.platform,
  ownerId: code,
  ownerName: PLATFORM_ACCOUNT_NAMES[code],
});

export const ALL_PLATFORM_KEYS: WalletKey[] = Object.values(PLATFORM_ACCOUNT).map(platformKey);

export class Books {
  private readonly held = new Map<string, HeldWallet>();
  private readonly postings: Array<typeof finPosting.$inferInsert> = [];
  private readonly lines: Array<typeof finLedgerLine.$inferInsert> = [];
  private readonly freezes: Array<typeof finWalletFreeze.$inferInsert> = [];
  readonly now = new Date();

  constructor(
    readonly tx: DbOrTx,
    readonly tenantId: number,
    readonly operator: string,
  ) {}

  /** Creates the wallets that do not exist yet and locks them all, in id order. */
  async lock(keys: WalletKey[]): Promise<void> {
    const wanted = new Map<string, WalletKey>();
    for (const key of keys)
      if (!this.held.has(keyOf(key.ownerType, key.ownerId)))
        wanted.set(keyOf(key.ownerType, key.ownerId), key);
    if (wanted.size === 0) return;
    const list = [...wanted.values()];
    for (let i = 0; i < list.length; i += CHUNK) {
      await this.tx
        .insert(finWallet)
        .values(
          list.slice(i, i + CHUNK).map((k) => ({
            tenantId: this.tenantId,
            ownerType: k.ownerType,
            ownerId: k.ownerId,
            ownerName: k.ownerName ?? null,
            createBy: this.operator,
          })),
        )
        .onConflictDoNothing();
    }
    const byType = new Map<number, string[]>();
    for (const k of list) byType.set(k.ownerType, [...(byType.get(k.ownerType) ?? []), k.ownerId]);
    const conditions: SQL[] = [];
    for (const [type, ids] of byType)
      for (let i = 0; i < ids.length; i += CHUNK)
        conditions.push(
          and(eq(finWallet.ownerType, type), inArray(finWallet.ownerId, ids.slice(i, i + CHUNK))) as SQL,
        );
    const rows = await this.tx
      .select()
      .from(finWallet)
      .where(ofTenant(finWallet, this.tenantId, or(...conditions)))
      .orderBy(asc(finWallet.id))
      .for('update');
    for (const row of rows)
      this.held.set(keyOf(row.ownerType, row.ownerId), {
        row,
        balance: row.balanceFen,
        frozen: row.frozenFen,
        lineCount: row.lineCount,
        dirty: false,
      });
  }

  wallet(ownerType: number, ownerId: string): HeldWallet {
    const held = this.held.get(keyOf(ownerType, ownerId));
    if (!held) throw new Error(`wallet ${ownerType}:${ownerId} was not locked`);
    return held;
  }

  platform(code: PlatformAccount): HeldWallet {
    return this.wallet(WALLET_OWNER.platform, code);
  }

  /** Writes a posting: its legs must sum to zero (a bug otherwise, never a user's error). */
  post(input: PostingInput): string {
    const legs = input.legs.filter((leg) => leg.amountFen !== 0);
    const sum = legs.reduce((total, leg) => total + leg.amountFen, 0);
    if (sum !== 0) throw new Error(`posting ${input.event} does not balance: ${sum}`);
    for (const leg of legs)
      if (!Number.isSafeInteger(leg.amountFen)) throw new Error(`amount out of range: ${leg.amountFen}`);
    const id = newId();
    this.postings.push({
      id,
      tenantId: this.tenantId,
      event: input.event,
      noteId: input.noteId ?? null,
      billId: input.billId ?? null,
      paymentId: input.paymentId ?? null,
      bankSerialNo: input.bankSerialNo ?? null,
      amountFen: legs.reduce((total, leg) => total + Math.max(0, leg.amountFen), 0),
      operator: this.operator,
      memo: input.memo ?? null,
      createTime: this.now,
    });
    for (const leg of legs) {
      const w = leg.wallet;
      w.balance += leg.amountFen;
      w.lineCount += 1;
      w.dirty = true;
      this.lines.push({
        id: lineId(),
        tenantId: this.tenantId,
        postingId: id,
        walletId: w.row.id,
        ownerType: w.row.ownerType,
        ownerId: w.row.ownerId,
        customerId: leg.customerId ?? null,
        type: leg.type,
        amountFen: leg.amountFen,
        balanceAfterFen: w.balance,
        noteId: leg.noteId ?? input.noteId ?? null,
        shippingNoteNumber: leg.shippingNoteNumber ?? null,
        billId: leg.billId ?? input.billId ?? null,
        bankSerialNo: leg.bankSerialNo ?? input.bankSerialNo ?? null,
        memo: leg.memo ?? input.memo ?? null,
        operator: this.operator,
        createTime: this.now,
      });
    }
    return id;
  }

  /** Freezes (+) or releases (−) funds of a wallet: no ledger line, a freeze log row with the reason. */
  freeze(wallet: HeldWallet, deltaFen: number, reason: string, noteId?: string | null): void {
    if (deltaFen === 0) return;
    wallet.frozen += deltaFen;
    if (wallet.frozen < 0) throw new Error('frozen amount below zero');
    wallet.dirty = true;
    this.freezes.push({
      tenantId: this.tenantId,
      walletId: wallet.row.id,
      customerId: wallet.row.ownerType === WALLET_OWNER.customer ? wallet.row.ownerId : null,
      amountFen: deltaFen,
      frozenAfterFen: wallet.frozen,
      reason,
      noteId: noteId ?? null,
      operator: this.operator,
      createTime: this.now,
    });
  }

  /** What a customer may still spend: available balance plus its credit limit. */
  spendable(wallet: HeldWallet): number {
    return wallet.balance - wallet.frozen + wallet.row.creditLimitFen;
  }

  get postingCount(): number {
    return this.postings.length;
  }

  /** Writes the postings, lines, freezes and the wallets' new figures. */
  async flush(): Promise<void> {
    for (let i = 0; i < this.postings.length; i += CHUNK)
      await this.tx.insert(finPosting).values(this.postings.slice(i, i + CHUNK));
    for (let i = 0; i < this.lines.length; i += CHUNK)
      await this.tx.insert(finLedgerLine).values(this.lines.slice(i, i + CHUNK));
    for (let i = 0; i < this.freezes.length; i += CHUNK)
      await this.tx.insert(finWalletFreeze).values(this.freezes.slice(i, i + CHUNK));
    const dirty = [...this.held.values()].filter((w) => w.dirty);
    for (let i = 0; i < dirty.length; i += CHUNK) {
      const values = sql.join(
        dirty
          .slice(i, i + CHUNK)
          .map((w) => sql`(${w.row.id}, ${w.balance}::bigint, ${w.frozen}::bigint, ${w.lineCount}::bigint)`),
        sql`, `,
      );
      // One statement for many wallets; every value bound.
      await this.tx.execute(sql`
        update ${finWallet} as w
        set balance_fen = v.balance, frozen_fen = v.frozen, line_count = v.line_count, update_time = now(),
            update_by = ${this.operator}
        from (values ${values}) as v(id, balance, frozen, line_count)
        where w.id = v.id`);
    }
    for (const w of dirty) {
      w.row = { ...w.row, balanceFen: w.balance, frozenFen: w.frozen, lineCount: w.lineCount };
      w.dirty = false;
    }
    this.postings.length = 0;
    this.lines.length = 0;
    this.freezes.length = 0;
  }
}
