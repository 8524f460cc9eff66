// The login layout and form.
import { expect, type Locator } from '@playwright/test';
import type { ApiClient } from '../support/api.ts';
import { createUser, uniqueName } from '../support/authFlows.ts';
import { LOGIN_PATH, PASSWORD } from '../support/env.ts';
import { fillCredentials, SmsCodeField, testIdPage } from './AuthPages.ts';

export class LoginPage extends testIdPage('login', [
  'card',
  'username',
  'password',
  'captcha',
  'submit',
  'remember',
  'captchaImage',
  'busy',
]) {
  readonly layout = this.page.getByTestId('user-layout');
  readonly title = this.page.locator('.user-layout-title');
  readonly footer = this.layout.locator('footer');
  // Other ways in: the phone tab, remember me, the captcha image and the change-password dialog of a 406 login.
  readonly passwordTab = this.page.getByTestId('login-tab-password');
  readonly phoneTab = this.page.getByTestId('login-tab-phone');
  readonly phoneMobile = this.page.getByTestId('phone-mobile');
  readonly phoneCode = new SmsCodeField(this.page, 'phone-code');
  readonly phoneSubmit = this.page.getByTestId('phone-submit');
  readonly passwordChangeDialog = this.page.getByRole('dialog', { name: '请修改密码' });

  async goto(redirect?: string): Promise<void> {
    const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
    await this.page.goto(`${LOGIN_PATH}${query}`);
    await expect(this.card).toBeVisible();
  }

  /** Fills and submits the form; does not wait for the result. */
  submitCredentials(username: string, password = PASSWORD): Promise<void> {
    return fillCredentials(this, username, password);
  }

  /**
   * Adds a user named from `prefix` with an initial password (as the administrator, through the API), opens the
   * form and submits its credentials: the change-password dialog comes next. Answers the username.
   */
  async submitNewUser(api: ApiClient, prefix: string, password = 'Initial#2026'): Promise<string> {
    const username = uniqueName(prefix);
    await createUser(api, { username, password });
    await this.goto();
    await this.submitCredentials(username, password);
    return username;
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

  /** Switches to the phone tab and asks for a code for `mobile`; the send button then counts down. */
  async sendPhoneCode(mobile: string): Promise<void> {
    await this.phoneTab.click();
    await this.phoneMobile.fill(mobile);
    await this.phoneCode.request();
  }

  /** Fills the new password twice in the change-password dialog of a 406 login and submits it. */
  async changeInitialPassword(newPassword: string): Promise<void> {
    await expect(this.passwordChangeDialog).toBeVisible();
    await this.passwordChangeDialog.getByTestId('password-change-new').fill(newPassword);
    await this.passwordChangeDialog.getByTestId('password-change-confirm').fill(newPassword);
    await this.passwordChangeDialog.getByRole('button', { name: '修改并登录' }).click();
  }
}
