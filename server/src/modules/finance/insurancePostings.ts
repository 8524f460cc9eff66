import { LEDGER_TYPE, PLATFORM_ACCOUNT, WALLET_OWNER } from '@freight/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ensureCustomerAccounts } from './accounts.ts';
import { Books, platformKey } from './books.ts';
import type { Finance } from './context.ts';
import { shortOfFunds } from './postings.ts';

// Cargo-insurance premiums, posted inside the caller's money transaction (moneyTx + once, so one
// idempotency key pays once): the premium leaves the shipper's wallet for the insurer payable; a cancellation
// before loading reverses it. The caller has locked the waybill; the wallets are locked here, after it.

export interface PremiumPosting {
  tenantId: number;
  operator: string;
  customerId: string;
  customerName?: string | null;
  noteId: string;
  shippingNoteNumber: string;
  premiumFen: number;
  policyNo: string;
}

async function booksFor(fin: Finance, tx: DbOrTx, p: PremiumPosting): Promise<Books> {
  await ensureCustomerAccounts(tx, fin.bank, p.tenantId, [p.customerId]);
  const books = new Books(tx, p.tenantId, p.operator);
  await books.lock([
    platformKey(PLATFORM_ACCOUNT.insurerPayable),
    { ownerType: WALLET_OWNER.customer, ownerId: p.customerId, ownerName: p.customerName ?? null },
  ]);
  return books;
}

function legs(books: Books, p: PremiumPosting, sign: 1 | -1) {
  const ref = { noteId: p.noteId, shippingNoteNumber: p.shippingNoteNumber, customerId: p.customerId };
  return [
    {
      wallet: books.wallet(WALLET_OWNER.customer, p.customerId),
      amountFen: -sign * p.premiumFen,
      type: LEDGER_TYPE.insurance,
      ...ref,
    },
    {
      wallet: books.platform(PLATFORM_ACCOUNT.insurerPayable),
      amountFen: sign * p.premiumFen,
      type: LEDGER_TYPE.insurance,
      ...ref,
    },
  ];
}

/** Premium: customer −premium, insurer payable +premium. Refused when the shipper cannot afford it. */
export async function postPremium(fin: Finance, tx: DbOrTx, p: PremiumPosting): Promise<string> {
  const books = await booksFor(fin, tx, p);
  const customer = books.wallet(WALLET_OWNER.customer, p.customerId);
  if (books.spendable(customer) < p.premiumFen)
    throw shortOfFunds(customer, p.premiumFen, `运单${p.shippingNoteNumber}保费`);
  const id = books.post({
    event: 'insurance',
    noteId: p.noteId,
    legs: legs(books, p, 1),
    memo: `货运险保费 ${p.policyNo}`,
  });
  await books.flush();
  return id;
}

/** Refund of a cancelled policy's premium: the reverse posting (customer +premium, insurer payable −premium). */
export async function refundPremium(fin: Finance, tx: DbOrTx, p: PremiumPosting): Promise<string> {
  const books = await booksFor(fin, tx, p);
  const id = books.post({
    event: 'insurance_refund',
    noteId: p.noteId,
    legs: legs(books, p, -1),
    memo: `货运险退保 ${p.policyNo}`,
  });
  await books.flush();
  return id;
}
