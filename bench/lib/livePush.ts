import { existsSync } from 'node:fs';
import path from 'node:path';
import { launchChromium } from './browser.ts';

/**
 * The browser half of `bench:map`: the live map open in Debian Chromium over the whole fleet, one vehicle's popup
 * open, then fixes ingested for it one after another; each sample is the time from sending the fix to the
 * popup showing its place (through the ingest, the realtime hub and the page's socket).
 */
export async function measureLivePush(options: {
  baseUrl: string;
  apiBase: string;
  appKey: string;
  vehicleId: string;
  plateNo: string;
  samples: number;
}): Promise<{ latenciesMs: number[]; vehicles: number }> {
  const root = path.resolve(import.meta.dirname, '../..');
  if (!existsSync(path.join(root, 'web/dist/index.html')))
    throw new Error('build the console first: npm run build -w web');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${options.baseUrl}/user/login`, { waitUntil: 'networkidle' });
    await page
      .locator('input:not([type="password"]):not([type="hidden"]):not([type="checkbox"])')
      .first()
      .fill('admin');
    await page.locator('input[type="password"]').first().fill('Freight#2026');
    await page.locator('input[type="password"]').first().press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/dashboard'), { timeout: 60_000 });
    await page.goto(`${options.baseUrl}/map/realtime`);
    await page.getByTestId('fleet-map').waitFor({ state: 'visible', timeout: 60_000 });
    const place = page.getByTestId('vehicle-popup').getByTestId('vehicle-fix-place');
    // The search finds the vehicle once the fleet has loaded: search again until its popup opens.
    for (let tries = 0; !(await place.isVisible()); tries++) {
      if (tries === 30) throw new Error(`no popup for ${options.plateNo}`);
      await page.getByTestId('fleet-search').fill(options.plateNo);
      await page.getByTestId('fleet-search').press('Enter');
      await place.waitFor({ state: 'visible', timeout: 1_000 }).catch(() => undefined);
    }
    const legend = (await page.getByTestId('fleet-states').textContent()) ?? '';
    const vehicles = Number(/(\d+)/.exec(legend)?.[1] ?? 0);

    const start = ((await place.textContent()) ?? '').split(',').map(Number);
    if (start.length !== 2 || start.some((n) => !Number.isFinite(n)))
      throw new Error('the popup shows no place');
    const latenciesMs: number[] = [];
    for (let i = 0; i < options.samples; i++) {
      // A truck moves a little between fixes: the marker stays where the open popup is.
      const lng = Math.round((start[0] + (i + 1) * 0.002) * 1e5) / 1e5;
      const lat = Math.round((start[1] + (i + 1) * 0.001) * 1e5) / 1e5;
      const expected = `${lng.toFixed(5)}, ${lat.toFixed(5)}`;
      const began = performance.now();
      const answer = await fetch(`${options.apiBase}/track/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-app-key': options.appKey },
        body: JSON.stringify({
          vehicleId: options.vehicleId,
          points: [{ time: new Date().toISOString(), lng, lat, speed: 50 }],
        }),
      });
      if (!((await answer.json()) as { success?: boolean }).success)
        throw new Error('ingest refused the fix');
      await page
        .waitForFunction(
          (text) => {
            // Runs in the page; the bench compiles without the DOM's types (and the console's CSP forbids eval).
            const { document } = globalThis as unknown as {
              document: { querySelector(selector: string): { textContent: string | null } | null };
            };
            const shown = document.querySelector(
              '[data-testid="vehicle-popup"] [data-testid="vehicle-fix-place"]',
            );
            return shown?.textContent === text;
          },
          expected,
          { polling: 'raf', timeout: 30_000 },
        )
        .catch(async (error: unknown) => {
          throw new Error(`the popup shows ${await place.textContent()}, not ${expected}: ${String(error)}`);
        });
      latenciesMs.push(performance.now() - began);
    }
    return { latenciesMs: latenciesMs.sort((a, b) => a - b), vehicles };
  } finally {
    await browser.close();
  }
}
