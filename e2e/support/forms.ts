// The add/edit forms of list screens, in a dialog or a side drawer: opened from the toolbar's 新增, submitted
// with their confirm button.
import { expect, type Locator } from '@playwright/test';
import type { Envelope } from './api.ts';

/** The confirm button of a dialog. */
export const OK = /确\s*定|OK/;

/** Fills the form's fields found by their labels, in the order given (`exact`: the label matches whole). */
export async function fillByLabel(
  form: Locator,
  values: Record<string, string>,
  options: { exact?: boolean } = {},
): Promise<void> {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, options).fill(value);
}

/** Clicks 新增 in a list's toolbar and answers the form it opens, once visible. */
export async function openAddForm(toolbar: Locator, form: Locator): Promise<Locator> {
  await toolbar.getByRole('button', { name: /新\s*增/ }).click();
  await expect(form).toBeVisible();
  return form;
}

/** Clicks the form's confirm button, waits for the save call (to `path`) to succeed and the form to close. */
export async function submitForm(form: Locator, path: RegExp, button: RegExp = OK): Promise<void> {
  const saved = form.page().waitForResponse((r) => path.test(r.url()) && r.request().method() !== 'GET');
  await form.getByRole('button', { name: button }).click();
  const body = (await (await saved).json()) as Envelope<unknown>;
  expect(body, body.message).toMatchObject({ success: true });
  await expect(form).toBeHidden();
}
