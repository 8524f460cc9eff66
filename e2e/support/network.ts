// Request helpers: answers in the server's envelope, failures by HTTP status, and stubs for the
// external sites some menus open (the test machine has no internet access).
import type { Envelope } from '@freight/contracts';
import type { APIRequestContext, BrowserContext, Page, Route } from '@playwright/test';

export type { Envelope };

export function envelope<T>(result: T, message = '操作成功！'): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** Glob of one API call, whatever its query string (`_t` and the rest). */
export function apiGlob(apiPath: string): string {
  return `**/jeecg-boot${apiPath}*`;
}

export async function fulfillJson(route: Route, body: unknown, status = 200): Promise<void> {
  await route.fulfill({ status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });
}

/** Makes the next calls of `apiPath` return `result` in an envelope. */
export async function stubApi(page: Page, apiPath: string, result: unknown): Promise<void> {
  await page.route(apiGlob(apiPath), (route) => fulfillJson(route, envelope(result)));
}

/** Makes the calls of `apiPath` fail with an HTTP status and a server message. */
export async function failApi(
  page: Page,
  apiPath: string,
  status: number,
  message = `e2e ${status}`,
  times?: number,
): Promise<void> {
  await page.route(
    apiGlob(apiPath),
    (route) =>
      fulfillJson(
        route,
        { success: false, message, code: status, result: null, timestamp: Date.now() },
        status,
      ),
    times === undefined ? undefined : { times },
  );
}

/** Answers the external (https) sites some menus open with a small local page. */
export async function stubExternalSites(context: BrowserContext): Promise<void> {
  await context.route('https://**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>external stub</title></head><body><h1 data-testid="external-stub">外部页面 ${route.request().url()}</h1></body></html>`,
    }),
  );
}

export interface PlatformSettings {
  web_platform_name: string;
  footer_address?: string;
  footer_customer_service?: string;
  footer_company_name?: string;
  footer_web_record_number?: string;
  footer_ICP_number?: string;
  [key: string]: unknown;
}

/** The platform settings as the server gives them to the console. */
export async function platformSettings(request: APIRequestContext): Promise<PlatformSettings> {
  const res = await request.get('/jeecg-boot/setting/hySetting/queryPlatformSettings');
  const body = (await res.json()) as Envelope<PlatformSettings>;
  return body.result;
}

/** Lets the real call through and rewrites its JSON answer (menus, announcements). */
export async function patchJson<T>(page: Page, apiPath: string, mutate: (body: T) => void): Promise<void> {
  await page.route(apiGlob(apiPath), async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as T;
      mutate(body);
      await fulfillJson(route, body);
    } catch {
      // The page went away while the call was in flight.
      await route.continue().catch(() => undefined);
    }
  });
}
