// Logs in once per account through the login form and keeps the storage state for the other projects.
import { mkdirSync } from 'node:fs';
import { test as setup } from '@playwright/test';
import { LoginPage } from '../pages/LoginPage.ts';
import { AUTH_DIR, authFile, USERS } from '../support/env.ts';

setup.use({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

for (const user of [USERS.admin, USERS.operations, USERS.shipperAdmin, USERS.agent, USERS.captain]) {
  setup(`log in as ${user}`, async ({ page }) => {
    mkdirSync(AUTH_DIR, { recursive: true });
    const login = new LoginPage(page);
    await login.goto();
    await login.login(user);
    await page.context().storageState({ path: authFile(user) });
  });
}
