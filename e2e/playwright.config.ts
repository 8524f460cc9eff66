// Browser tests of the console in Debian Chromium. The server is started here on a
// fixed port with a fresh data directory, demo seed and no login captcha; `npm test` builds web/dist first.
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './support/chromium.ts';
import { authFile, BASE_URL, E2E_DIR, PORT, REPO_ROOT, USERS } from './support/env.ts';

const DATA_PREFIX = 'freight-e2e-';

/** One data directory per run, computed once in the runner and inherited by the workers. */
function dataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  const dir = path.join(tmpdir(), `${DATA_PREFIX}${Date.now()}`);
  // Drop data directories of earlier runs (older than an hour, so a concurrent run keeps its own).
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(DATA_PREFIX)) continue;
    const full = path.join(tmpdir(), name);
    try {
      if (Date.now() - statSync(full).mtimeMs > 3_600_000) rmSync(full, { recursive: true, force: true });
    } catch {
      // another run removed it
    }
  }
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_DATA_DIR = dir;
  return dir;
}

const jsonReporter: ['json', { outputFile?: string }] = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME
  ? ['json', {}]
  : ['json', { outputFile: path.join(E2E_DIR, 'test-results/report.json') }];

export default defineConfig({
  testDir: path.join(E2E_DIR, 'tests'),
  // Per port, so concurrent runs on other ports do not clear each other's results.
  outputDir: path.join(E2E_DIR, 'test-results', String(PORT)),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], jsonReporter],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'zh-CN',
    // The console skips antd's motions and chart animations for users who ask for less motion: the
    // tests wait for states, never for an animation, and the two cores go to the pages and the server.
    reducedMotion: 'reduce',
    timezoneId: 'Asia/Shanghai',
    launchOptions: CHROMIUM_LAUNCH,
    trace: process.env.CI ? 'on-first-retry' : 'off',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    { name: 'setup', testMatch: /.*\.setup\.ts/ },
    {
      name: 'desktop',
      dependencies: ['setup'],
      testIgnore: [/.*\.setup\.ts/, /mobile\.spec\.ts/, /platform-settings\.spec\.ts/],
      use: { viewport: { width: 1440, height: 900 }, storageState: authFile(USERS.admin) },
    },
    {
      name: 'mobile',
      dependencies: ['setup'],
      // The sign-in and registration pages run on the phone too (not the captcha spec: it
      // starts a server of its own, once per run is enough).
      testMatch: [/mobile\.spec\.ts/, /auth-(?!captcha)[\w-]+\.spec\.ts/],
      use: {
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
        storageState: authFile(USERS.admin),
      },
    },
    {
      // Changes what every page shows (the platform's name and logo): runs when the others have finished.
      name: 'global-settings',
      dependencies: ['desktop', 'mobile'],
      testMatch: /platform-settings\.spec\.ts/,
      use: { viewport: { width: 1440, height: 900 }, storageState: authFile(USERS.admin) },
    },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    cwd: REPO_ROOT,
    url: `${BASE_URL}/jeecg-boot/setting/hySetting/queryPlatformSettings`,
    reuseExistingServer: false,
    // A first start seeds the full demo (~340 waybills through the product's services: about a minute).
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOGIN_CAPTCHA: 'false',
      // SMS codes go to DATA_DIR/sms-outbox.jsonl, where the specs read them (sys_sms keeps them blanked).
      SMS_CHANNEL: 'outbox',
      SKIP_WEB_BUILD: 'true',
      DATA_DIR: dataDir(),
      LOG_LEVEL: 'warn',
      // The suite logs in a few dozen times a minute from one address.
      LOGIN_RATE_LIMIT: '600',
    },
  },
});
