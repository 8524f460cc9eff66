// The public pages besides the login form: customer-staff login, registration and its result,
// password reset, shipper registration and the landing page.
import { expect, type Locator, type Page } from '@playwright/test';

/** Opens a public page at `path` and waits for its `root` (card or form) to show. */
async function openPublicPage(page: Page, path: string, root: Locator): Promise<void> {
  await page.goto(path);
  await expect(root).toBeVisible();
}

/** An SMS code field with its send button (testId prefix of SmsCodeInput). */
export class SmsCodeField {
  readonly input: Locator;
  readonly send: Locator;

  constructor(page: Page, testId: string) {
    this.input = page.getByTestId(testId);
    this.send = page.getByTestId(`${testId}-send`);
  }

  /** Asks for a code (the mobile must be filled) and checks the 60 s countdown started. */
  async request(): Promise<void> {
    await this.send.click();
    await expect(this.send).toBeDisabled();
    await expect(this.send).toHaveText(/\d+ 秒后重发/);
  }
}

/** The fields and button of a username-and-password form. */
interface CredentialsForm {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
}

/** Fills a username-and-password form and submits it; does not wait for the result. */
export async function fillCredentials(
  form: CredentialsForm,
  username: string,
  password: string,
): Promise<void> {
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
}

export class Login3Page {
  readonly card: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('login3-card');
    this.username = page.getByTestId('login3-username');
    this.password = page.getByTestId('login3-password');
    this.submit = page.getByTestId('login3-submit');
  }

  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/login3', this.card);
  }

  submitCredentials(username: string, password: string): Promise<void> {
    return fillCredentials(this, username, password);
  }
}

export class RegisterPage {
  readonly card: Locator;
  readonly username: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly mobile: Locator;
  readonly code: SmsCodeField;
  readonly submit: Locator;
  readonly result: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('register-card');
    this.username = page.getByTestId('register-username');
    this.password = page.getByTestId('register-password');
    this.confirm = page.getByTestId('register-confirm');
    this.mobile = page.getByTestId('register-mobile');
    this.code = new SmsCodeField(page, 'register-code');
    this.submit = page.getByTestId('register-submit');
    this.result = page.getByTestId('register-result');
  }

  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/register', this.card);
  }

  errors(): Locator {
    return this.card.locator('.ant-form-item-explain-error');
  }
}

export class AlterationPage {
  readonly card: Locator;
  readonly mobile: Locator;
  readonly code: SmsCodeField;
  readonly next: Locator;
  readonly account: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByTestId('alteration-card');
    this.mobile = page.getByTestId('alteration-mobile');
    this.code = new SmsCodeField(page, 'alteration-code');
    this.next = page.getByTestId('alteration-next');
    this.account = page.getByTestId('alteration-account');
    this.password = page.getByTestId('alteration-password');
    this.confirm = page.getByTestId('alteration-confirm');
    this.submit = page.getByTestId('alteration-submit');
    this.done = page.getByTestId('alteration-done');
  }

  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/alteration', this.card);
  }
}

export class CustomerRegisterPage {
  readonly form: Locator;
  readonly name: Locator;
  readonly creditCode: Locator;
  readonly licence: Locator;
  readonly licencePreview: Locator;
  readonly contact: Locator;
  readonly mobile: Locator;
  readonly code: SmsCodeField;
  readonly username: Locator;
  readonly password: Locator;
  readonly confirm: Locator;
  readonly submit: Locator;
  readonly done: Locator;

  constructor(readonly page: Page) {
    this.form = page.getByTestId('customer-register');
    this.name = page.getByTestId('cr-name');
    this.creditCode = page.getByTestId('cr-credit-code');
    this.licence = page.getByTestId('cr-licence');
    this.licencePreview = page.getByTestId('cr-licence-preview');
    this.contact = page.getByTestId('cr-contact');
    this.mobile = page.getByTestId('cr-mobile');
    this.code = new SmsCodeField(page, 'cr-code');
    this.username = page.getByTestId('cr-username');
    this.password = page.getByTestId('cr-password');
    this.confirm = page.getByTestId('cr-confirm');
    this.submit = page.getByTestId('cr-submit');
    this.done = page.getByTestId('customer-register-done');
  }

  goto(): Promise<void> {
    return openPublicPage(this.page, '/customer/register', this.form);
  }

  /** The validation message under one field. */
  fieldError(field: Locator): Locator {
    return this.form.locator('.ant-form-item').filter({ has: field }).locator('.ant-form-item-explain-error');
  }
}

export class LandingPage {
  readonly root: Locator;
  readonly title: Locator;
  readonly login: Locator;
  readonly register: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByTestId('landing');
    this.title = page.getByTestId('landing-title');
    this.login = page.getByTestId('landing-login');
    this.register = page.getByTestId('landing-register');
  }

  goto(): Promise<void> {
    return openPublicPage(this.page, '/home', this.root);
  }
}
