// Orders (货源) and shipping notes (运单): the order form, dispatch, the waybill step dialogs and
// the note lists, which all share the declarative resource table.

import { expect, type Locator, type Page, type Request } from '@playwright/test';
import type { ApiClient, Envelope } from '../support/api.ts';
import { API_BASE } from '../support/env.ts';
import { clickRowAction } from '../support/rowActions.ts';
import { ListScreen } from './ListScreen.ts';
import { residentIdOf } from './PartiesPage.ts';

export const ORDER_LIST = '/order/list';
export const NOTE_LIST = '/shipping/list';
export const TRACK_QUERY = '/map/track';

/** An approved driver bound to an approved 32 t truck (through the API: the party screens have their own specs). */
export async function approvedDriverWithVehicle(api: ApiClient, seq: number) {
  const driverName = `驾驶员${seq}`;
  const mobile = `137${String(seq).padStart(8, '0').slice(-8)}`;
  const idCard = residentIdOf(seq);
  const plateNo = `苏A${String(seq).padStart(5, '0').slice(-5)}`;
  await api.call('POST', '/hydriver/hyDriver/add', {
    driverName,
    mobile,
    idCard,
    drivingClass: 'A2',
    drivingValidFrom: '2020-01-01',
    drivingValidTo: '2035-12-31',
    idCardValidTo: '2035-12-31',
  });
  await api.call('POST', '/hyvehicle/hyVehicle/add', {
    plateNo,
    ratedLoadKg: 32_000,
    grossMassKg: 49_000,
    roadTransportNo: `32010${String(seq).padStart(7, '0').slice(-7)}`,
    licenseValidTo: '2035-12-31',
    roadTransportValidTo: '2035-12-31',
  });
  const drivers = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/hydriver/hyDriver/list?idCard=${idCard}`,
  );
  const vehicles = await api.call<{ records: Array<{ id: string }> }>(
    'GET',
    `/hyvehicle/hyVehicle/list?plateNo=${encodeURIComponent(plateNo)}`,
  );
  const driverId = drivers.records[0].id;
  const vehicleId = vehicles.records[0].id;
  await api.call('POST', '/hydriver/hyDriver/review', { id: driverId, state: 2 });
  await api.call('POST', '/hyvehicle/hyVehicle/review', { id: vehicleId, state: 2 });
  await api.call('POST', '/hydriver/hyDriver/bindVehicle', {
    driverId,
    vehicleId,
    isDefault: true,
  });
  return { driverId, vehicleId, driverName, plateNo };
}

export async function noteById(api: ApiClient, id: string) {
  return api.call<Record<string, unknown>>('GET', `/shipping/hyShippingNote/queryById?id=${id}`);
}

/**
 * GPS points of a vehicle through the ingest the devices use: a track source is made with the (admin) token,
 * and the points go with its app key, as a driver app sends them.
 */
export async function ingestTrack(
  api: ApiClient,
  vehicleId: string,
  points: Array<{ time: string; lng: number; lat: number; speed: number }>,
) {
  const { appKey } = await api.call<{ appKey: string }>('POST', '/track/source/add', {
    name: `e2e 司机App ${Date.now()}`,
    kind: 1,
  });
  const res = await api.request.post(`${API_BASE}/track/ingest`, {
    headers: { 'X-App-Key': appKey },
    data: { vehicleId, points },
  });
  const body = (await res.json()) as Envelope<unknown>;
  expect(body, `track ingest: ${body.message}`).toMatchObject({ success: true });
  return body.result as { inserted: number };
}

export class ShippingPage extends ListScreen {
  constructor(page: Page) {
    // Pages of other tabs stay mounted (keep-alive): the visible page's list and search form.
    super(
      page,
      page.locator('[data-testid="resource-table"]:visible').first(),
      page.locator('.ant-pro-query-filter:visible').first(),
    );
  }

  dialog(title: string | RegExp): Locator {
    return this.page.getByRole('dialog').filter({ hasText: title });
  }

  /** Opens the list's add dialog (新增) and waits for it to show; answers it. */
  async openAddDialog(): Promise<Locator> {
    await this.page.getByRole('button', { name: /新\s*增/ }).click();
    const form = this.dialog('新增');
    await expect(form).toBeVisible();
    return form;
  }

  /** Types into a search field by its label and runs the search. */
  async search(label: string, value: string): Promise<void> {
    const input = this.searchForm.getByLabel(label, { exact: true });
    if (!(await input.isVisible())) await this.searchForm.getByText('展开', { exact: true }).click();
    await this.fillAndSearch(input, value);
  }

  /** A form item of a dialog by its label (the grid forms' labels are not tied to their inputs). */
  formItem(scope: Locator, label: string): Locator {
    return scope
      .locator('.ant-form-item')
      .filter({ has: this.page.locator('label').getByText(label, { exact: true }) });
  }

  /** The text or number box of a form item. */
  field(scope: Locator, label: string): Locator {
    return this.formItem(scope, label).locator('input:not([type=file]), textarea').first();
  }

  /** Picks an option of an antd select in a container by its label, typing to filter first. */
  async choose(scope: Locator, label: string, option: string, typed?: string): Promise<void> {
    const item0 = this.formItem(scope, label);
    await item0.locator('.ant-select-selector').click();
    if (typed) await item0.locator('input').fill(typed);
    const item = this.page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
      .filter({ hasText: option })
      .first();
    await item.click();
  }

  /** Picks a province, city and district in a form item's region cascader, level by level as they load. */
  async pickRegion(scope: Locator, label: string, names: readonly string[]): Promise<void> {
    await this.formItem(scope, label).locator('.ant-select-selector').click();
    const menus = this.page.locator(
      '.ant-cascader-dropdown:not(.ant-select-dropdown-hidden) .ant-cascader-menu',
    );
    for (const [level, name] of names.entries()) {
      const item = menus.nth(level).locator('.ant-cascader-menu-item').filter({ hasText: name }).first();
      const last = level === names.length - 1;
      // A level's children load on the click; a click that lands while the menu re-renders is lost, so it is
      // repeated until the next level (or, for the last, the closed dropdown) shows it took.
      await expect(async () => {
        if (last ? await item.isVisible() : (await menus.count()) <= level + 1)
          await item.click({ timeout: 5_000 });
        if (last) await expect(menus).toHaveCount(0, { timeout: 5_000 });
        else await expect(menus).toHaveCount(level + 2, { timeout: 5_000 });
      }).toPass({ timeout: 30_000 });
    }
    await expect(this.formItem(scope, label)).toContainText(names.at(-1) ?? '');
  }

  /** Clicks a row action and, for the ones behind a confirmation, confirms it. */
  async rowAction(text: string, action: string, confirm = false): Promise<void> {
    if (!confirm) return clickRowAction(this.page, this.row(text), action);
    const done = this.page.waitForResponse((r) => r.request().method() === 'POST' && r.ok());
    await clickRowAction(this.page, this.row(text), action, true);
    await done;
  }

  /** Submits a waybill step dialog (its submit button is named after the step) and waits for the answer. */
  async submitStep(dialog: Locator, step: string): Promise<void> {
    const isStep = (r: Request) =>
      r.method() === 'POST' && /\/shipping\/hyShippingNote\/[a-z]+$/.test(new URL(r.url()).pathname);
    const submit = dialog.getByRole('button', { name: new RegExp(`^${step.split('').join('\\s*')}$`) });
    await expect(submit).toBeEnabled();
    // A click landing while the dialog still opens can be lost: one more click if no step call left.
    let sent = this.page.waitForRequest(isStep, { timeout: 5_000 });
    await submit.click();
    const request = await sent.catch(async () => {
      sent = this.page.waitForRequest(isStep);
      await submit.click();
      return sent;
    });
    const body = (await (await request.response())?.json()) as Envelope<unknown>;
    expect(body, body.message).toMatchObject({ success: true });
    await expect(dialog).toBeHidden();
  }

  /** Uploads a weighbridge photo into the step dialog's image field. */
  async uploadPhoto(dialog: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    const uploaded = this.page.waitForResponse((r) => r.url().includes('/sys/common/upload'));
    await dialog.locator('input[type=file]').setInputFiles(file);
    expect(((await (await uploaded).json()) as Envelope<unknown>).success).toBe(true);
  }
}
