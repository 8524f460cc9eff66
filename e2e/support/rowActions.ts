// A list row's action: a link on the row, or an entry of its "更多" menu when the row offers many.
import { expect, type Locator, type Page } from '@playwright/test';

/** Clicks the action of the row and, for one that asks first, confirms it. */
export async function clickRowAction(
  page: Page,
  row: Locator,
  action: string,
  confirm = false,
): Promise<void> {
  await expect(row).toBeVisible();
  const link = row.getByText(action, { exact: true });
  if ((await link.count()) > 0) {
    await link.click();
  } else {
    // The "更多 ▾" link: antd marks a dropdown's trigger, whatever its text and icon.
    await row.locator('.ant-dropdown-trigger').last().click();
    await page.locator('.ant-dropdown:visible').getByText(action, { exact: true }).click();
  }
  if (confirm) {
    const box = page
      .locator('.ant-popover:visible, .ant-popconfirm:visible, .ant-modal-confirm:visible')
      .last();
    await box.getByRole('button', { name: /确\s*定|OK|Yes/ }).click();
  }
}
