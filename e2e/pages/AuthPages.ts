// The public pages besides the login form: customer-staff login, registration and its result,
// password reset, shipper registration and the landing page.
import { expect, type Locator, type Page } from '@playwright/test';
import { PageObject } from './PageObject.ts';

/** Opens a public page at `path` and waits for its `root` (card or form) to show. */
async function openPublicPage(page: Page, path: string, root: Locator): Promise<void> {
  await page.goto(path);
  await expect(root).toBeVisible();
}

/** `creditCode` → `credit-code`: the public pages' test ids spell their elements' names in kebab case. */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The base of a public page object whose elements `names` are found by the test ids `<prefix>-<name>`: each
 * becomes a locator of the same name, so that a page lists its elements once.
 */
export function testIdPage<const K extends string>(prefix: string, names: readonly K[]) {
  return class extends PageObject {
    constructor(page: Page) {
      super(page);
      for (const name of names) Object.assign(this, { [name]: page.getByTestId(`${prefix}-${kebab(name)}`) });
    }
  } as new (
    page: Page,
  ) => { readonly page: Page } & { readonly [N in K]: Locator };
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

export class Login3Page extends testIdPage('login3', ['card', 'username', 'password', 'submit']) {
  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/login3', this.card);
  }

  submitCredentials(username: string, password: string): Promise<void> {
    return fillCredentials(this, username, password);
  }
}

export class RegisterPage extends testIdPage('register', [
  'card',
  'username',
  'password',
  'confirm',
  'mobile',
  'submit',
  'result',
]) {
  readonly code = new SmsCodeField(this.page, 'register-code');

  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/register', this.card);
  }

  errors(): Locator {
    return this.card.locator('.ant-form-item-explain-error');
  }
}

export class AlterationPage extends testIdPage('alteration', [
  'card',
  'mobile',
  'next',
  'account',
  'password',
  'confirm',
  'submit',
  'done',
]) {
  readonly code = new SmsCodeField(this.page, 'alteration-code');

  goto(): Promise<void> {
    return openPublicPage(this.page, '/user/alteration', this.card);
  }
}

export class CustomerRegisterPage extends testIdPage('cr', [
  'name',
  'creditCode',
  'licence',
  'licencePreview',
  'contact',
  'mobile',
  'username',
  'password',
  'confirm',
  'submit',
]) {
  readonly form = this.page.getByTestId('customer-register');
  readonly code = new SmsCodeField(this.page, 'cr-code');
  readonly done = this.page.getByTestId('customer-register-done');

  goto(): Promise<void> {
    return openPublicPage(this.page, '/customer/register', this.form);
  }

  /** The validation message under one field. */
  fieldError(field: Locator): Locator {
    return this.form.locator('.ant-form-item').filter({ has: field }).locator('.ant-form-item-explain-error');
  }
}

export class LandingPage extends testIdPage('landing', ['title', 'login', 'register']) {
  readonly root = this.page.getByTestId('landing');

  goto(): Promise<void> {
    return openPublicPage(this.page, '/home', this.root);
  }
}
