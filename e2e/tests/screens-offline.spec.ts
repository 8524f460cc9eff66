// The data screen without a map key (the demo's offline case): it renders lanes and vehicles on the schematic
// grid, fits the window at 1920×1080 and at 1366×768, and no request leaves this machine (no online map
// tiles, fonts or scripts).
import { authFile, BASE_URL, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

test.use({ storageState: authFile(USERS.admin) });

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', new URL(BASE_URL).hostname]);

for (const [width, height] of [
  [1920, 1080],
  [1366, 768],
] as const) {
  test(`the data screen renders offline at ${width}×${height}`, async ({ page, shot }) => {
    test.setTimeout(90_000);
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') || url.protocol.startsWith('ws')) {
        if (!LOCAL_HOSTS.has(url.hostname)) outside.push(request.url());
      }
    });
    await page.setViewportSize({ width, height });
    await page.goto('/screen/data');
    const screen = page.getByTestId('screen-data');
    await expect(screen).toBeVisible();
    await expect(page.getByTestId('screen-refreshed')).toBeVisible();
    await expect(page.getByTestId('screen-routes').locator('li').first()).toBeVisible();
    const map = page.getByTestId('screen-map').locator('.leaflet-container');
    await expect(map).toBeVisible();
    // lanes and city points are drawn as vectors over the schematic grid
    await expect(map.locator('path.leaflet-interactive').first()).toBeAttached();
    await expect(page.locator('.screen-stage canvas').first()).toBeVisible();

    // The 1920×1080 stage is scaled to the window: nothing spills over, nothing scrolls.
    const stage = await page.locator('.screen-stage').boundingBox();
    expect(stage?.width ?? 0).toBeLessThanOrEqual(width + 1);
    expect(stage?.height ?? 0).toBeLessThanOrEqual(height + 1);
    expect(Math.max(stage?.width ?? 0, stage?.height ?? 0)).toBeGreaterThan(Math.min(width, height) * 0.9);
    const scroll = await page.evaluate(() => ({
      w: document.documentElement.scrollWidth,
      h: document.documentElement.scrollHeight,
    }));
    expect(scroll.w).toBeLessThanOrEqual(width);
    expect(scroll.h).toBeLessThanOrEqual(height);
    await shot(`screen-data-${width}x${height}`);
    expect(outside).toEqual([]);
  });
}
