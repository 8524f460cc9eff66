// The login captcha in the browser: a wrong captcha is answered 412 验证码错误 and the
// image is replaced at once (the server burns a captcha on every check). The suite's server runs with the
// captcha off, so this spec starts its own small server with it on (no demo data: the captcha is checked
// before the account) on the suite's port + 2. Desktop only: one such server per run is enough.
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { API_BASE, LOGGED_OUT, PASSWORD, PORT, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';
import { spawnOwnServer } from '../support/ownServer.ts';

const CAPTCHA_PORT = PORT + 2;
const CAPTCHA_URL = `http://127.0.0.1:${CAPTCHA_PORT}`;

let server: ChildProcess | undefined;
let dataDir = '';

// Both tests use the one server on CAPTCHA_PORT: in parallel, each worker would start its own on that port,
// and the first to finish would stop the server the other was still using.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ child: server, dataDir } = spawnOwnServer(CAPTCHA_PORT, 'captcha', {
    LOGIN_CAPTCHA: 'true',
    SEED_DEMO: 'false',
  }));
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${CAPTCHA_URL}${API_BASE}/sys/loginOptions`)).ok;
        } catch {
          return false;
        }
      },
      { timeout: 100_000, intervals: [500] },
    )
    .toBe(true);
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test.use({ storageState: LOGGED_OUT, baseURL: CAPTCHA_URL });

test('a wrong or missing captcha is refused and the image is replaced each time', async ({
  page,
  loginPage,
  shell,
  shot,
}) => {
  await loginPage.goto();
  const image = loginPage.captchaImage.locator('img');
  await expect(image).toBeVisible();
  const firstKey = await loginPage.captchaImage.getAttribute('data-check-key');
  const firstSrc = await image.getAttribute('src');

  await loginPage.captcha.fill('zzzz');
  const answer = page.waitForResponse((r) => r.url().includes('/sys/loginByUsername'));
  await loginPage.submitCredentials(USERS.admin, PASSWORD);
  expect(await (await answer).json()).toMatchObject({ success: false, code: 412, message: '验证码错误' });
  await expect(shell.message('验证码错误')).toBeVisible();
  await expect(loginPage.captcha).toHaveValue('');
  await expect(loginPage.captchaImage).not.toHaveAttribute('data-check-key', firstKey ?? '');
  await expect(image).toBeVisible();
  expect(await image.getAttribute('src')).not.toBe(firstSrc);
  await shot('login-captcha-refreshed');

  // No captcha at all: refused too, and again a new image.
  const secondKey = await loginPage.captchaImage.getAttribute('data-check-key');
  await loginPage.submit.click();
  await expect(shell.message('验证码无效')).toBeVisible();
  await expect(loginPage.captchaImage).not.toHaveAttribute('data-check-key', secondKey ?? '');
});

test('the captcha picture is drawn whole and on screen, on a desktop and on a 390 px phone', async ({
  page,
  loginPage,
  shot,
}) => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await loginPage.goto();
    const image = loginPage.captchaImage.locator('img');
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const drawn = await image.evaluate((img: HTMLImageElement) => {
      const box = img.getBoundingClientRect();
      const frame = (img.parentElement as HTMLElement).getBoundingClientRect();
      const fit = getComputedStyle(img).objectFit;
      const sx = box.width / img.naturalWidth;
      const sy = box.height / img.naturalHeight;
      // The picture's own rectangle as drawn: object-fit scales it (centred) into the element's box.
      const scale = fit === 'cover' ? Math.max(sx, sy) : Math.min(sx, sy);
      const w = fit === 'fill' ? box.width : img.naturalWidth * scale;
      const h = fit === 'fill' ? box.height : img.naturalHeight * scale;
      const left = box.left + (box.width - w) / 2;
      const top = box.top + (box.height - h) / 2;
      return {
        cropped: w > box.width + 0.5 || h > box.height + 0.5,
        insideFrame: left >= frame.left - 0.5 && left + w <= frame.right + 0.5 && top >= frame.top - 0.5,
        onScreen: left >= 0 && left + w <= window.innerWidth && top >= 0 && top + h <= window.innerHeight,
        // Squeezed or stretched pictures are hard to read: the aspect stays the picture's own.
        aspect: w / h / (img.naturalWidth / img.naturalHeight),
        width: w,
      };
    });
    expect(drawn, `${viewport.width} px`).toMatchObject({
      cropped: false,
      insideFrame: true,
      onScreen: true,
    });
    expect(drawn.aspect).toBeCloseTo(1, 1);
    expect(drawn.width).toBeGreaterThanOrEqual(100);
    await shot(`login-captcha-${viewport.width}`);
  }
});
