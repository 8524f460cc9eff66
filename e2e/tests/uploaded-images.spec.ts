// Uploaded images display: a driver's licence photo loads in the detail drawer through a
// short-lived signed link made for the signed-in user; the same link is refused without a session, in
// another user's browser and after it expires.
import { DriverDetail, driverWithLicence } from '../pages/DriverDetail.ts';
import { ApiClient, signIn } from '../support/api.ts';
import { PNG_1X1 } from '../support/authFlows.ts';
import { API_BASE, BASE_URL, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

/** A signed link of `path` made for the client's user; the answer also sets its context's file cookie. */
async function signedUrl(client: ApiClient, path: string, ttl?: number) {
  const query = new URLSearchParams({ path, ...(ttl ? { ttl: String(ttl) } : {}) });
  return (await client.call<{ url: string }>('GET', `/sys/common/signUrl?${query}`)).url;
}

test('a driver licence image loads in the detail drawer; its link is refused without a session, to another user and after expiry', async ({
  page,
  shell,
  api,
  playwright,
  shot,
}) => {
  const driver = await driverWithLicence(api);
  const detail = new DriverDetail(page, shell);
  const drawer = await detail.open(driver);
  const { width, src } = await detail.loaded(detail.image(drawer, '驾驶证照片'));
  expect(width).toBe(240);
  expect(src).toContain(`/sys/common/static/${driver.drivingImg}?expires=`);
  await detail.loaded(detail.image(drawer, '身份证正面'));
  await shot('driver-detail-licence-image');

  // The browser that shows it fetches it again (its session cookie goes along) ...
  expect((await page.request.get(src)).status()).toBe(200);
  // ... nobody else does: not without a session,
  const anonymous = await playwright.request.newContext({ baseURL: BASE_URL });
  const refused = await anonymous.get(src);
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ success: false, code: 401 });
  // not in another user's browser, with that user's own file session (got by signing a file of its own: a
  // shipper may not sign a driver's licence at all),
  const other = await playwright.request.newContext({ baseURL: BASE_URL });
  const shipper = new ApiClient(other, await signIn(other, USERS.shipper));
  const refusedSigning = await shipper.envelope(
    'GET',
    `/sys/common/signUrl?path=${encodeURIComponent(driver.drivingImg)}`,
  );
  expect(refusedSigning).toMatchObject({ success: false });
  const uploaded = await other.post(`${API_BASE}/sys/common/upload`, {
    headers: { 'X-Access-Token': shipper.token },
    multipart: {
      biz: 'customer',
      file: { name: 'own.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  const ownPath = ((await uploaded.json()) as { message: string }).message;
  await signedUrl(shipper, ownPath);
  expect((await other.get(src)).status()).toBe(403);

  // and not after the link's life: one second, asked for here.
  const admin = await playwright.request.newContext({ baseURL: BASE_URL });
  const short = await signedUrl(new ApiClient(admin, await signIn(admin, USERS.admin)), driver.drivingImg, 1);
  await expect.poll(async () => (await admin.get(short)).status(), { timeout: 10_000 }).toBe(403);
  const expired = await admin.get(short);
  expect(await expired.json()).toMatchObject({ success: false, message: '文件链接已过期，请刷新页面' });
  for (const context of [anonymous, other, admin]) await context.dispose();
});
