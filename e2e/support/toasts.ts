// Records every antd message/notification text into sessionStorage, so a toast shown just before a
// page reload (customer switch: 已切换指定货主 then reload) can still be checked afterwards.
import type { Page } from '@playwright/test';

const KEY = 'e2e-toasts';

export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript((key) => {
    const seen = new WeakSet<Element>();
    const scan = () => {
      for (const el of document.querySelectorAll('.ant-message-notice, .ant-notification-notice')) {
        if (seen.has(el) || !el.textContent) continue;
        seen.add(el);
        const list = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
        list.push(el.textContent);
        sessionStorage.setItem(key, JSON.stringify(list));
      }
    };
    new MutationObserver(scan).observe(document, { childList: true, subtree: true, characterData: true });
  }, KEY);
}

export async function recordedToasts(page: Page): Promise<string[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[], KEY);
}
