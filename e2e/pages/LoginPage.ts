// The login layout and form.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { adminToken, createUser, uniqueName } from '../support/authFlows.ts';
import { LOGIN_PATH, PASSWORD } from '../support/env.ts';
import { fillCredentials, SmsCodeField } from './AuthPages.ts';

export class LoginPage {
  readonly layout: Locator;
  readonly card: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly captcha: Locator;
  readonly submit: Locator;
  readonly title: Locator;
  readonly footer: Locator;
  // Other ways in: the phone tab, remember me, the captcha image and the change-password dialog of a 406 login.
  readonly passwordTab: Locator;
  readonly phoneTab: Locator;
  readonly phoneMobile: Locator;
  readonly phoneCode: SmsCodeField;
  readonly phoneSubmit: Locator;
  readonly remember: Locator;
  readonly captchaImage: Locator;
  readonly passwordChangeDialog: Locator;
  readonly busy: Locator;

  constructor(readonly page: Page) {
    this.layout = page.getByTestId('user-layout');
    this.card = page.getByTestId('login-card');
    this.username = page.getByTestId('login-username');
    this.password = page.getByTestId('login-password');
    this.captcha = page.getByTestId('login-captcha');
    this.submit = page.getByTestId('login-submit');
    this.title = page.locator('.user-layout-title');
    this.footer = this.layout.locator('footer');
    this.passwordTab = page.getByTestId('login-tab-password');
    this.phoneTab = page.getByTestId('login-tab-phone');
    this.phoneMobile = page.getByTestId('phone-mobile');
    this.phoneCode = new SmsCodeField(page, 'phone-code');
    this.phoneSubmit = page.getByTestId('phone-submit');
    this.remember = page.getByTestId('login-remember');
    this.captchaImage = page.getByTestId('login-captcha-image');
    this.passwordChangeDialog = page.getByRole('dialog', { name: '请修改密码' });
    this.busy = page.getByTestId('login-busy');
  }

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
  async submitNewUser(
    request: APIRequestContext,
    prefix: string,
    password = 'Initial#2026',
  ): Promise<string> {
    const username = uniqueName(prefix);
    await createUser(request, await adminToken(request), { username, password });
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
