// Money screens: the API set-up of an audited per-trip waybill whose driver has an approved card,
// and the wallet, pay-list and main-wallet screens' parts the finance spec reads.
import { luhnCheckDigit, SAMPLE_ORDER_ROUTE } from '@freight/contracts';
import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiClient } from '../support/api.ts';
import { residentIdOf } from './PartiesPage.ts';
import { approvedDriverWithVehicle } from './ShippingPage.ts';

export const CUSTOMER_WALLET = '/customer/wallet';
export const PAY_LIST = '/shipping/paylist';
export const MAIN_WALLET = '/plateform/wallet';
export const PLATFORM_COSTS = '/plateform/cost/list';
/** A per-trip (趟结) demo customer: charged at audit, paid from the pay list. */
export const PER_TRIP_CUSTOMER = '苏州恒达建材有限公司';

/** The id of the customer named `customerName`. */
export async function customerIdOf(
  api: ApiClient,
  customerName: string = PER_TRIP_CUSTOMER,
): Promise<string> {
  const found = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/customer/hyCustomer/list?customerName=${encodeURIComponent(customerName)}`,
  );
  return String(found.records[0].id);
}

/**
 * A per-trip (趟结) shipper of the test's own, approved, with an empty wallet: a spec that reads a wallet's
 * balance must not share it with the specs that charge the demo customers at the same time.
 */
export async function ownPerTripCustomer(api: ApiClient, seq: number) {
  const customerName = `个体货主${seq}`;
  await api.call('POST', '/customer/hyCustomer/add', {
    customerName,
    customerType: 2,
    settleMode: 1,
  });
  const id = await customerIdOf(api, customerName);
  await api.call('POST', '/customer/hyCustomer/review', { id, state: 2 });
  return customerName;
}

/**
 * A published order of `customerName` from the Nanjing steel works to the Baoshan wharf, steel at 150 yuan a
 * tonne with a 6 % service fee; its id.
 */
export async function publishedOrder(
  api: ApiClient,
  order: { customerName: string; goodsName: string; plannedWeightG: number },
): Promise<string> {
  await api.call('POST', '/order/hyOrder/add', {
    customerId: await customerIdOf(api, order.customerName),
    goodsName: order.goodsName,
    cargoType: '0400',
    ...SAMPLE_ORDER_ROUTE,
    plannedWeightG: order.plannedWeightG,
    priceMode: 1,
    driverUnitPriceFen: 15_000,
    settleWeightBasis: 2,
    serviceFeeMode: 1,
    serviceFeeValue: 600,
  });
  const orders = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/order/hyOrder/list?goodsName=${encodeURIComponent(order.goodsName)}`,
  );
  const orderId = orders.records[0].id;
  await api.call('POST', '/order/hyOrder/publish', { id: orderId });
  return orderId;
}

/**
 * An audited waybill of the per-trip customer: an approved driver (with an approved card in the driver's own
 * name) and truck, a published order, dispatch and every step to audit — all through the API.
 */
export async function auditedPerTripNote(
  api: ApiClient,
  seq: number,
  customerName: string = PER_TRIP_CUSTOMER,
) {
  const party = await approvedDriverWithVehicle(api, seq);
  const payload = `62220210${String(seq).padStart(10, '0').slice(-10)}`;
  const cardNo = payload + luhnCheckDigit(payload);
  await api.call('POST', '/hydriverbank/hyDriverBank/add', {
    driverId: party.driverId,
    cardNo,
    holderName: party.driverName,
    holderIdCard: residentIdOf(seq),
    bankCode: 'ICBC',
    isDefault: true,
  });
  const cards = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/hydriverbank/hyDriverBank/list?driverId=${party.driverId}`,
  );
  await api.call('POST', '/hydriverbank/hyDriverBank/review', {
    id: cards.records[0].id,
    state: 2,
  });
  const orderId = await publishedOrder(api, {
    customerName,
    goodsName: `钢卷${seq}`,
    plannedWeightG: 32_000_000,
  });
  const note = await api.call<{ id: string; shippingNoteNumber: string }>(
    'POST',
    '/shipping/hyShippingNote/dispatch',
    { orderId, driverId: party.driverId, vehicleId: party.vehicleId },
  );
  const id = note.id;
  for (const [step, body] of [
    ['accept', { id }],
    ['load', { id, loadWeightG: 32_150_000, loadPhoto: 'weighbridge/load.jpg' }],
    ['depart', { id }],
    ['unload', { id, unloadWeightG: 31_800_000, unloadPhoto: 'weighbridge/unload.jpg' }],
    ['sign', { id }],
    ['audit', { id }],
  ] as const)
    await api.call('POST', `/shipping/hyShippingNote/${step}`, body);
  const audited = await api.call<Record<string, unknown>>(
    'GET',
    `/shipping/hyShippingNote/queryById?id=${id}`,
  );
  return {
    id,
    number: note.shippingNoteNumber,
    driverName: party.driverName,
    driverFee: Number(audited.driverFee),
    serviceFee: Number(audited.serviceFee),
    customerFee: Number(audited.customerFee),
  };
}

/** `1,234.56` of fen, as the console shows money. */
export function yuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen of a `¥ 1,234.56` text. */
export function fenOf(text: string): number {
  const m = /(-?)([\d,]+)\.(\d{2})/.exec(text);
  if (!m) throw new Error(`no amount in ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]));
}

export class FinancePage {
  readonly table: Locator;

  constructor(readonly page: Page) {
    // Pages of other tabs stay mounted (keep-alive): the visible page's list.
    this.table = page.locator('[data-testid="resource-table"]:visible').first();
  }

  row(text: string, scope: Locator = this.table): Locator {
    return scope.locator('tbody tr.ant-table-row').filter({ hasText: text });
  }

  /** The text of a row's cell under the column headed `header`. */
  async cellText(row: Locator, header: string): Promise<string> {
    const headers = await this.table.locator('thead th').allInnerTexts();
    const index = headers.findIndex((h) => h.trim() === header);
    expect(index, `column ${header} in ${headers.join('|')}`).toBeGreaterThanOrEqual(0);
    return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
  }

  /** Types into a search box by its label and runs the search. */
  async search(label: string, value: string): Promise<void> {
    const form = this.page.locator('.ant-pro-query-filter:visible').first();
    const input = form.getByRole('textbox', { name: new RegExp(`^${label}\\s*:?$`) });
    // The lazily loaded page first: its search form's button is there once the form is.
    await expect(form.getByRole('button', { name: /查\s*询/ })).toBeVisible();
    if (!(await input.isVisible())) await form.getByText('展开', { exact: true }).click();
    await input.fill(value);
    const listed = this.page.waitForResponse((r) => r.url().includes('/list?') && r.ok());
    await form.getByRole('button', { name: /查\s*询/ }).click();
    await listed;
  }

  /** The platform's service-fee income to date on 主钱包. */
  async serviceFeeIncome(): Promise<number> {
    const stat = this.page.locator('[data-testid="service-fee-income"]:visible');
    await expect(stat).toContainText(/\d\.\d{2}/);
    return fenOf((await stat.textContent()) ?? '');
  }
}
