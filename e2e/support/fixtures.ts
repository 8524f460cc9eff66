// The `test` of every spec: admin logged in by default (storage state of the setup project, set in the
// config), external sites stubbed, page objects, the admin's API token and API client, and a screenshot
// helper writing to e2e/artifacts/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { NoticeBell } from '../pages/NoticeBell.ts';
import { SettingsDrawer } from '../pages/SettingsDrawer.ts';
import { ShellPage } from '../pages/ShellPage.ts';
import { TabBar } from '../pages/TabBar.ts';
import { ApiClient } from './api.ts';
import { adminToken } from './authFlows.ts';
import { ARTIFACTS_DIR, LOGGED_OUT } from './env.ts';
import { stubExternalSites } from './network.ts';

interface Fixtures {
  loginPage: LoginPage;
  shell: ShellPage;
  tabs: TabBar;
  settingsDrawer: SettingsDrawer;
  bell: NoticeBell;
  /** The administrator's API token, for a test's set-up through the API. */
  token: string;
  /** The administrator's API calls (the `request` context with `token`), for a test's set-up. */
  api: ApiClient;
  /** Saves a full-page screenshot as e2e/artifacts/<project>-<name>.png. */
  shot: (name: string, options?: { fullPage?: boolean; scrollTop?: boolean }) => Promise<string>;
}

/**
 * The first announcement push toast on the page (several may stand stacked): the locator by which the page
 * fixture closes them, and by which a test that looks at them stops it (`page.removeLocatorHandler`).
 */
export const announcementPush = (page: Page) => page.getByTestId('announcement-push').first();

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await stubExternalSites(context);
    await use(context);
  },
  page: async ({ page }, use) => {
    // Announcements other tests release to everyone pop up in the top right corner, over the header's
    // switches, and stay while the pointer rests on them (as a click's pointer does): a user closes them
    // before using what they cover, and so does the test, before any action they would block.
    await page.addLocatorHandler(announcementPush(page), async () => {
      await page.evaluate(() => {
        for (const close of document.querySelectorAll<HTMLElement>(
          '[data-testid="announcement-push"] .ant-notification-notice-close',
        ))
          close.click();
      });
    });
    await use(page);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
  tabs: async ({ page }, use) => use(new TabBar(page)),
  settingsDrawer: async ({ page }, use) => use(new SettingsDrawer(page)),
  bell: async ({ page }, use) => use(new NoticeBell(page)),
  token: async ({ request }, use) => use(await adminToken(request)),
  api: async ({ request, token }, use) => use(new ApiClient(request, token)),
  shot: async ({ page }, use, testInfo) => {
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await use(async (name, options) => {
      const file = path.join(ARTIFACTS_DIR, `${testInfo.project.name}-${name}.png`);
      if (options?.scrollTop) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.waitForFunction(() => window.scrollY === 0);
      }
      // Charts finished their entry animation: two canvas snapshots 200 ms apart are equal.
      await page
        .waitForFunction(
          async () => {
            const snap = () => [...document.querySelectorAll('canvas')].map((c) => c.toDataURL()).join('|');
            const before = snap();
            await new Promise((resolve) => setTimeout(resolve, 200));
            return snap() === before;
          },
          undefined,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      // Fonts loaded and antd's open/close motions finished before the picture.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      await page
        .waitForFunction(
          () => !document.querySelector('[class*="-appear"], [class*="-enter"], [class*="-leave"]'),
          undefined,
          { timeout: 3_000 },
        )
        .catch(() => undefined);
      await page.screenshot({ path: file, fullPage: options?.fullPage ?? false });
      await testInfo.attach(name, { path: file, contentType: 'image/png' });
      return file;
    });
  },
});

/** A group of tests that each start with nobody logged in. */
export function describeLoggedOut(title: string, body: () => void): void {
  test.describe(title, () => {
    test.use({ storageState: LOGGED_OUT });
    body();
  });
}

export { expect };
