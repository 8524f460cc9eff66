// Fixtures of the money tests: audited notes of drivers with an approved card, recharges, and waiting for the
// bank's outcome by its state (never by time).
import { luhnCheckDigit } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { CUSTOMERS, ShippingKit } from '../../test/shippingKit.ts';
import { financeOf } from './index.ts';
import { finBankPayment, finWallet } from './schema.ts';

/** An upload request's headers and body: one file in the form field `file`, as the import routes read it. */
export function multipartFile(file: Buffer, filename: string, contentType = 'application/octet-stream') {
  const boundary = '----finance-test';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

type Step = Parameters<ShippingKit['drive']>[1];

let keySeq = 0;
/** A fresh idempotency key. */
export const key = (label = 'k') => `${label}-${process.pid}-${Date.now()}-${++keySeq}`;

export class FinanceKit extends ShippingKit {
  private cardSeq = 0;

  /** A kit on the enclosing `describe`'s app, 恒达's wallet recharged with 500 000.00 before the tests. */
  static funded(t: TestApp): FinanceKit {
    const kit = FinanceKit.use(t);
    beforeAll(async () => {
      await kit.recharge(CUSTOMERS.hengda, 50_000_000);
    }, 120_000);
    return kit;
  }

  get sim() {
    const sim = financeOf(this.t.ctx).sim;
    if (!sim) throw new Error('no simulated bank');
    return sim;
  }

  /** A card number passing the Luhn check, unique in this test file. */
  cardNo(): string {
    const payload = `62220210${String(++this.cardSeq).padStart(10, '0')}`;
    return payload + luhnCheckDigit(payload);
  }

  /** Sets a customer's wallet terms, on the simulated bank with a 50 % prepay cap unless told otherwise. */
  walletTerms(
    customerId: string,
    terms: { settleMode: number; creditDays: number; creditLimitFen: number; prepayRatioCapBp?: number },
  ) {
    return this.ok('POST', '/plateform/walletConfig/edit', {
      customerId,
      prepayRatioCapBp: 5000,
      bankChannel: 'sim',
      ...terms,
    });
  }

  /** An approved driver and vehicle with an approved default card held by the driver. */
  async payee() {
    const party = await this.driverWithVehicle();
    const driver = (await this.get('/hydriver/hyDriver/queryById', { id: party.driverId })).result;
    const cardNo = this.cardNo();
    await this.ok('POST', '/hydriverbank/hyDriverBank/add', {
      driverId: party.driverId,
      cardNo,
      holderName: driver.driverName,
      holderIdCard: party.idCard,
      bankCode: 'ICBC',
      isDefault: true,
    });
    const card = (await this.get('/hydriverbank/hyDriverBank/list', { driverId: party.driverId })).result
      .records?.[0];
    await this.ok('POST', '/hydriverbank/hyDriverBank/review', { id: card?.id, state: 2 });
    return { ...party, cardNo, driverName: String(driver.driverName) };
  }

  /** An audited note (32.15 t loaded, 31.80 t unloaded) of a fresh payee on a new order of the customer. */
  async auditedNote(order: Record<string, unknown> = {}, until: Step = 'audit') {
    const payee = await this.payee();
    const orderId = await this.order({ customerId: CUSTOMERS.hengda, plannedWeightG: 32_000_000, ...order });
    const { id, note } = await this.trip(orderId, payee, until);
    return { ...payee, noteId: id, note };
  }

  async recharge(customerId: string, amountFen: number) {
    return this.ok('POST', '/customer/hyCustomerWallet/recharge', {
      customerId,
      amountFen,
      idempotencyKey: key('rc'),
    });
  }

  async wallet(customerId: string) {
    const page = await this.get('/customer/hyCustomerWallet/list', { ownerId: customerId });
    return page.result.records?.[0] as Record<string, number> & { id: string };
  }

  /** The wallet row of an owner (1 customer, 2 driver, 3 agent, 9 a platform account), read from the table. */
  async walletRow(ownerType: number, ownerId: string) {
    const [row] = await this.t.db
      .select()
      .from(finWallet)
      .where(and(eq(finWallet.ownerType, ownerType), eq(finWallet.ownerId, ownerId)));
    return row;
  }

  /** The note is paid (4) and completed (7), its payee's wallet passed everything on, the ledger balances. */
  async expectPaidThrough(noteId: string, payee: { ownerType: number; ownerId: string }) {
    expect(await this.note(noteId)).toMatchObject({ payStatus: 4, status: 7 });
    expect((await this.walletRow(payee.ownerType, payee.ownerId))?.balanceFen).toBe(0);
    await this.ledgerCheck();
  }

  async ledgerCheck() {
    const check = (await this.get('/wallet/ledger/check')).result;
    expect(check, JSON.stringify(check)).toMatchObject({ balanced: true, ledgerSumFen: 0 });
    return check;
  }

  /** Waits until every payment of the notes has left the bank (paid or failed): polls the state. */
  async settled(noteIds: string[]) {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const rows = await this.t.db.select().from(finBankPayment);
      const mine = rows.filter((p) => p.noteId && noteIds.includes(p.noteId));
      if (mine.every((p) => p.state >= 2)) return mine;
      if (Date.now() > deadline) throw new Error('payments still at the bank');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Pays a note's driver at once (one 运费支付 with a fresh key) and waits until the bank has answered. */
  async payNow(noteId: string) {
    await this.ok('POST', '/shipping/hyShippingNote/pay', { ids: [noteId], idempotencyKey: key() });
    return this.settled([noteId]);
  }

  async paymentsOf(noteId: string) {
    return this.t.db.select().from(finBankPayment).where(eq(finBankPayment.noteId, noteId));
  }
}
