// No entry of the seeded menu opens the "page not available" panel, and no page's own data call is refused,
// for any demo account. The spec walks every leaf of the account's menu as the console sees it
// (getUserPermissionByToken), opening each through the router as a menu click does, and looks for the panel in
// the route's page container once it is shown (a missing page shows the panel in that render; an existing one
// its skeleton or itself).
import type { Page } from '@playwright/test';
import { ApiClient, signIn } from '../support/api.ts';
import { authFile, type DemoUser, USERS } from '../support/env.ts';
import { expect, test } from '../support/fixtures.ts';

interface MenuNode {
  path: string;
  component?: string;
  hidden?: boolean | null;
  route?: string;
  meta?: { title?: string; internalOrExternal?: boolean };
  children?: MenuNode[];
}

function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.flatMap((node) =>
    node.children?.length ? leaves(node.children) : node.hidden || node.route === '0' ? [] : [node],
  );
}

/** Client-side navigation, as a menu click does, without reloading the console. */
async function navigate(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Each account with the least number of menu leaves it must see (a walk of an empty menu proves nothing). */
const ACCOUNTS: Array<{ user: DemoUser; atLeast: number; parts?: number }> = [
  // Admin's hundred pages walk in three parts, so that each part has its own time and the workers share them.
  { user: USERS.admin, atLeast: 80, parts: 3 },
  { user: USERS.operations, atLeast: 10 },
  { user: USERS.shipperAdmin, atLeast: 5 },
  { user: USERS.agent, atLeast: 5 },
  { user: USERS.captain, atLeast: 5 },
];

for (const { user, atLeast, parts = 1 } of ACCOUNTS) {
  test.describe(`${user}'s menu`, () => {
    test.use({ storageState: authFile(user) });

    for (let part = 0; part < parts; part++) {
      const title = parts > 1 ? ` (part ${part + 1} of ${parts})` : '';
      test(`every leaf of ${user}'s menu opens its page and its data${title}`, async ({
        page,
        request,
        shell,
      }) => {
        // Up to forty pages, each rendering its data: minutes on a loaded CI machine.
        test.setTimeout(480_000);
        const userApi = new ApiClient(request, await signIn(request, user));
        const { menu } = await userApi.call<{ menu: MenuNode[] }>(
          'GET',
          '/sys/permission/getUserPermissionByToken',
        );
        const targets = leaves(menu).filter(
          (leaf) => !leaf.meta?.internalOrExternal && leaf.path.startsWith('/'),
        );
        expect(targets.length).toBeGreaterThanOrEqual(atLeast);
        const share = Math.ceil(targets.length / parts);
        const walked = targets.slice(part * share, (part + 1) * share);

        const missing: string[] = [];
        // A page whose own data call is refused or not found shows the user an error instead of its data.
        const refused: string[] = [];
        page.on('response', (response) => {
          if (response.url().includes('/jeecg-boot/') && response.status() >= 400)
            refused.push(
              `${response.status()} ${new URL(response.url()).pathname} on ${new URL(page.url()).pathname}`,
            );
        });
        for (const [index, leaf] of walked.entries()) {
          // A fresh console now and then: a hundred kept-alive tabs are not what a user keeps open.
          if (index % 25 === 0) await shell.goto('/account/center');
          await navigate(page, leaf.path);
          // The route's own page container is shown (kept-alive pages stay in the page, hidden).
          const view = page.locator(`[data-page-key="${leaf.path}"]`);
          // Active, not merely boxed: a full-screen page (the large screens) is fixed outside its container's box.
          // A page's code arrives on its first visit: on a loaded 2-core machine that alone has taken 9 s.
          await expect(view, leaf.path).toHaveAttribute('aria-hidden', 'false', { timeout: 30_000 });
          if ((await view.getByTestId('page-not-available').count()) > 0)
            missing.push(`${leaf.path} (${leaf.component ?? 'no component'})`);
        }
        expect(missing, missing.join('\n')).toEqual([]);
        expect(refused, refused.join('\n')).toEqual([]);
      });
    }
  });
}
