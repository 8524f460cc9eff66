// API calls the browser tests make to set up their own data: one place for the envelope check, so that a
// refused set-up step fails with the server's message instead of a confusing UI wait later.
import type { Envelope } from '@freight/contracts';
import { type APIRequestContext, expect } from '@playwright/test';
import { API_BASE, PASSWORD } from './env.ts';

export type Rec = Record<string, unknown>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The server's answer envelope, as the contracts declare it. */
export type { Envelope };

/** The whole envelope of a call, whatever it answers (for tests that expect a refusal). */
export async function apiEnvelope<T = Rec>(
  request: APIRequestContext,
  token: string,
  method: HttpMethod,
  path: string,
  data?: unknown,
): Promise<Envelope<T>> {
  const res = await request.fetch(`${API_BASE}${path}`, {
    method,
    headers: { 'X-Access-Token': token },
    ...(data === undefined ? {} : { data }),
  });
  return (await res.json()) as Envelope<T>;
}

/** A call that must succeed; answers its result. */
export async function apiCall<T = Rec>(
  request: APIRequestContext,
  token: string,
  method: HttpMethod,
  path: string,
  data?: unknown,
): Promise<T> {
  const body = await apiEnvelope<T>(request, token, method, path, data);
  expect(body, `${method} ${path}: ${body.message}`).toMatchObject({ success: true });
  return body.result;
}

/** The calls of one signed-in user: the request context and that user's token, passed once. */
export class ApiClient {
  constructor(
    readonly request: APIRequestContext,
    readonly token: string,
  ) {}

  /** A call that must succeed; answers its result. */
  call<T = Rec>(method: HttpMethod, path: string, data?: unknown): Promise<T> {
    return apiCall<T>(this.request, this.token, method, path, data);
  }

  /** The whole envelope of a call, whatever it answers (for tests that expect a refusal). */
  envelope<T = Rec>(method: HttpMethod, path: string, data?: unknown): Promise<Envelope<T>> {
    return apiEnvelope<T>(this.request, this.token, method, path, data);
  }
}

/** Signs a demo account (or any account with the demo password) in through the API; answers the token. */
export async function signIn(
  request: APIRequestContext,
  username: string,
  password = PASSWORD,
): Promise<string> {
  const res = await request.post(`${API_BASE}/sys/login`, { data: { username, password } });
  const body = (await res.json()) as Envelope<{ token: string }>;
  expect(body, `sign-in of ${username}: ${body.message}`).toMatchObject({ success: true });
  return body.result.token;
}

/** Adds an announcement to everyone as the admin (not yet released); answers its id. */
export async function addAnnouncement(
  api: ApiClient,
  announcement: { titile: string; msgContent: string } & Rec,
): Promise<string> {
  await api.call('POST', '/sys/annountCement/add', { msgType: 'ALL', ...announcement });
  const query = new URLSearchParams({ titile: announcement.titile, pageNo: '1', pageSize: '10' });
  const found = await api.call<{ records: { id: string }[] }>('GET', `/sys/annountCement/list?${query}`);
  const id = found.records[0]?.id;
  if (!id) throw new Error(`announcement ${announcement.titile} was not added`);
  return id;
}

export async function releaseAnnouncement(api: ApiClient, id: string): Promise<void> {
  await api.call('GET', `/sys/annountCement/doReleaseData?id=${encodeURIComponent(id)}`);
}
