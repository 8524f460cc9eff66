// A driver's detail drawer and the stored images in it: licence and ID photos load through
// their signed links.
import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiClient, Rec } from '../support/api.ts';
import { DRIVER_LIST } from './PartiesPage.ts';
import { PartyScreen } from './PartyScreens.ts';
import type { ShellPage } from './ShellPage.ts';

export interface DriverWithImages {
  driverName: string;
  mobile: string;
  drivingImg: string;
}

/** A demo driver that carries a driving-licence image (the demo seed gives the first drivers one). */
export async function driverWithLicence(api: ApiClient): Promise<DriverWithImages> {
  // The oldest drivers are the demo's (other specs add their own); the list leaves images out, the detail not.
  const body = await api.envelope<{ records: Rec[] }>(
    'GET',
    '/hydriver/hyDriver/list?pageNo=1&pageSize=20&column=createTime&order=asc',
  );
  let found: Rec | undefined;
  for (const row of body.result.records) {
    const record = (await api.envelope('GET', `/hydriver/hyDriver/queryById?id=${String(row.id)}`)).result;
    if (typeof record.drivingImg === 'string' && record.drivingImg !== '') {
      found = record;
      break;
    }
  }
  if (!found) throw new Error('no demo driver carries a driving-licence image');
  return {
    driverName: String(found.driverName),
    mobile: String(found.mobile),
    drivingImg: String(found.drivingImg),
  };
}

export class DriverDetail {
  readonly screen: PartyScreen;

  constructor(
    readonly page: Page,
    private readonly shell: ShellPage,
  ) {
    this.screen = new PartyScreen(page);
  }

  /** Finds the driver by mobile on the driver list and opens its detail drawer. */
  async open(driver: DriverWithImages): Promise<Locator> {
    await this.shell.goto(DRIVER_LIST);
    await this.screen.search('手机号', driver.mobile);
    return this.screen.details(driver.driverName);
  }

  /** The image shown for a labelled item of the drawer (e.g. 驾驶证照片). */
  image(drawer: Locator, label: string): Locator {
    return drawer
      .locator('.ant-descriptions-item-label', { hasText: label })
      .locator('xpath=following-sibling::*[1]')
      .locator('img');
  }

  /** Waits until the image has loaded real pixels; returns its natural width and its URL. */
  async loaded(image: Locator): Promise<{ width: number; src: string }> {
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    return {
      width: await image.evaluate((img: HTMLImageElement) => img.naturalWidth),
      src: await image.evaluate((img: HTMLImageElement) => img.src),
    };
  }
}
