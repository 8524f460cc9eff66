// The login layout and form (spec §2 login layout, §4 login).
import { expect, type Locator, type Page } from '@playwright/test';
import { LOGIN_PATH, PASSWORD } from '../support/env.ts';

export class LoginPage {
  readonly layout: Locator;
  readonly card: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly captcha: Locator;
  readonly submit: Locator;
  readonly title: Locator;
  readonly footer: Locator;

  constructor(readonly page: Page) {
    this.layout = page.getByTestId('user-layout');
    this.card = page.getByTestId('login-card');
    this.username = page.getByTestId('login-username');
    this.password = page.getByTestId('login-password');
    this.captcha = page.getByTestId('login-captcha');
    this.submit = page.getByTestId('login-submit');
    this.title = page.locator('.user-layout-title');
    this.footer = this.layout.locator('footer');
  }

  async goto(redirect?: string): Promise<void> {
    const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    await this.page.goto(`${LOGIN_PATH}${query}`);
    await expect(this.card).toBeVisible();
  }

  /** Fills and submits the form; does not wait for the result. */
  async submitCredentials(username: string, password = PASSWORD): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Logs in through the form and waits until the main layout shows. */
  async login(username: string, password = PASSWORD): Promise<void> {
    await this.submitCredentials(username, password);
    await expect(this.page.getByTestId('layout-content')).toBeVisible({ timeout: 30_000 });
  }

  /** Field-level validation messages under the form items. */
  errors(): Locator {
    return this.card.locator('.ant-form-item-explain-error');
  }
}
