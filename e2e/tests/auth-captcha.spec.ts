// The login captcha in the browser (spec §2, §4; issue 4): a wrong captcha is answered 412 验证码错误 and the
// image is replaced at once (the server burns a captcha on every check). The suite's server runs with the
// captcha off, so this spec starts its own small server with it on (no demo data: the captcha is checked
// before the account) on the suite's port + 2. Desktop only: one such server per run is enough.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, LOGGED_OUT, PASSWORD, PORT, REPO_ROOT, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

const CAPTCHA_PORT = PORT + 2;
const CAPTCHA_URL = `http://127.0.0.1:${CAPTCHA_PORT}`;

let server: ChildProcess | undefined;
let dataDir = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'freight-e2e-captcha-'));
  server = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'server/src/main.ts')], {
    cwd: REPO_ROOT,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(CAPTCHA_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOGIN_CAPTCHA: 'true',
      SEED_DEMO: 'false',
      SCHEDULER: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: process.env.WEB_DIST ?? path.join(REPO_ROOT, 'web/dist'),
    },
  });
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
