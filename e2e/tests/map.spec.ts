// 实时位置: the live map moves a vehicle when its fixes arrive (no reload), and falls back to its
// offline base map when the tile servers cannot be reached.
import type { LivePosition } from '@freight/contracts';
import { apiCall, signIn } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { patchJson } from '../support/network.ts';

const MAP = '地图监控';

test('live map: a searched vehicle opens its popup, and an ingested fix moves it without reloading', async ({
  page,
  request,
  shell,
  shot,
}) => {
  const admin = await signIn(request, 'admin');
  const { appKey } = await apiCall<{ appKey: string }>(request, admin, 'POST', '/track/source/add', {
    name: `e2e 定位 ${Date.now()}`,
    kind: 2,
  });
  // An idle vehicle (no waybill): its new fix changes no other spec's waybill track.
  const fleet = await apiCall<{ positions: LivePosition[] }>(
    request,
    admin,
    'GET',
    '/map/realtime/positions',
  );
  const vehicle = fleet.positions.find((p) => p.liveState === 'idle' || p.liveState === 'offline');
  expect(vehicle, 'the demo has vehicles without a waybill').toBeTruthy();
  if (!vehicle) return;

  await shell.goto('/dashboard/analysis');
  await shell.navigateMenu('/map/realtime', MAP, '实时位置');
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await expect(page.getByTestId('offline-base')).toBeVisible();
  await page.getByTestId('fleet-search').fill(String(vehicle.plateNo));
  await page.getByTestId('fleet-search').press('Enter');
  const popup = page.getByTestId('vehicle-popup');
  await expect(popup).toContainText(String(vehicle.plateNo));
  await expect(popup.getByTestId('vehicle-fix-time')).toHaveText(vehicle.gpsTime);

  const lng = Math.round((vehicle.lng + 0.01) * 1e5) / 1e5;
  const lat = Math.round((vehicle.lat + 0.01) * 1e5) / 1e5;
  const ingest = await request.post('/jeecg-boot/track/ingest', {
    headers: { 'x-app-key': appKey },
    data: { vehicleId: vehicle.vehicleId, points: [{ time: new Date().toISOString(), lng, lat, speed: 48 }] },
  });
  expect((await ingest.json()).success).toBe(true);
  // The fix arrives over the socket: the open popup follows it (2 s is the figure).
  await expect(popup.getByTestId('vehicle-fix-place')).toHaveText(`${lng.toFixed(5)}, ${lat.toFixed(5)}`, {
    timeout: 2_000,
  });
  await expect(popup).toContainText('48 km/h');
  await shot('map-live-vehicle');
});

test('live map: with AMap configured but its tiles unreachable, the offline base map is drawn', async ({
  page,
  shell,
  shot,
}) => {
  await page.route('**/*autonavi.com/**', (route) => route.abort('internetdisconnected'));
  await patchJson<{ result: Record<string, unknown> }>(
    page,
    '/setting/hySetting/queryPlatformSettings',
    (body) => {
      body.result.gd_web = 'e2e-key';
    },
  );
  await shell.goto('/map/realtime');
  await expect(page.getByTestId('fleet-map')).toBeVisible();
  await expect(page.getByTestId('offline-base')).toBeVisible();
  // The grid is drawn on canvas tiles of the map's own.
  await expect(page.locator('[data-testid="fleet-map"] canvas.leaflet-tile').first()).toBeVisible();
  await expect(page.getByTestId('fleet-map')).toContainText('上海');
  await shot('map-offline-base');
});
