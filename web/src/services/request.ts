// The one HTTP client of the console: token and tenant headers, base path, 60 s timeout,
// `_t` on GETs, and the error catalogue. Calls resolve to the response envelope.
// Built on ky (fetch) rather than axios: axios alone was a tenth of the login page's weight budget
// (docs/decisions.md). Uploads that report progress go through XHR (rc-upload's request, see upload()).
import { DEFAULT_BASE_PATH, type Envelope, HTTP_TIMEOUT_MS } from '@freight/contracts';
import ky, { HTTPError, type KyResponse, TimeoutError } from 'ky';
import uploadWithProgress from 'rc-upload/es/request';
import { useSession } from '../stores/session';
import { localCache, STORAGE_KEYS } from '../stores/storage';
import { feedback } from './feedback';
import { describeHttpError, needsTimestamp, shouldReloadAfterExpiry } from './httpErrors';

export const API_BASE: string = import.meta.env.VITE_API_BASE || DEFAULT_BASE_PATH;

/** Query parameters; `undefined` and `null` are left out, arrays are sent comma-separated. */
export type Params = object;

/** An HTTP-level failure (an error status or no answer at all); the request layer has told the user. */
export class HttpFailure extends Error {
  constructor(
    message: string,
    /** undefined: no answer (timeout, network down). */
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'HttpFailure';
  }
}

/** A business failure (HTTP 200 with success:false). */
export class BusinessError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'BusinessError';
  }
}

function sessionHeaders(): Record<string, string> {
  const { token, tenantId } = useSession.getState();
  return { ...(token ? { 'X-Access-Token': token } : {}), tenant_id: tenantId || '0' };
}

/** The absolute path of an API call, with its query string (`_t` first on most GETs). */
export function apiUrl(method: string, url: string, params?: Params): string {
  const search = new URLSearchParams();
  if (needsTimestamp(method, url)) search.set('_t', String(Math.floor(Date.now() / 1000)));
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    search.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = search.toString();
  return `${API_BASE}${url}${query ? (url.includes('?') ? '&' : '?') + query : ''}`;
}

const client = ky.create({ timeout: HTTP_TIMEOUT_MS, retry: 0 });

let expiredDialogShown = false;
/** Hook for the session module: logs out (server call + local clean-up). Installed at boot. */
let onExpiredLogout: () => Promise<void> = async () => {
  useSession.getState().clear();
};
export function setExpiredLogout(fn: () => Promise<void>): void {
  onExpiredLogout = fn;
}

function showLoginExpired(title: string, text: string, okText: string): void {
  if (expiredDialogShown) return;
  expiredDialogShown = true;
  feedback.modal.error({
    title,
    content: text,
    okText,
    mask: false,
    onOk: async () => {
      await onExpiredLogout();
      if (shouldReloadAfterExpiry(window.location.pathname)) window.location.reload();
      expiredDialogShown = false;
    },
  });
}

async function messageOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as Partial<Envelope<unknown>> | null;
    return typeof body?.message === 'string' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** Tells the user what went wrong and returns the error callers see. */
async function reportFailure(
  status: number | undefined,
  serverMessage: string | undefined,
  url: string,
  hadToken: boolean,
) {
  const view = describeHttpError(status, serverMessage);
  if (view.kind === 'loginExpired') {
    // The token is removed at once; the dialog then logs out and reloads.
    localCache.remove(STORAGE_KEYS.token);
    if (hadToken && !url.includes('/sys/logout')) showLoginExpired(view.title, view.text, view.okText);
    else feedback.message.error(serverMessage || view.text);
  } else if (view.kind === 'notification') {
    feedback.notification.error({ message: view.title, description: view.text, duration: view.durationSec });
  } else if (view.kind === 'message') {
    feedback.message.error(view.text);
  }
  const text = view.kind === 'silent' ? serverMessage : 'text' in view ? view.text : undefined;
  return new HttpFailure(serverMessage || text || `HTTP ${status ?? '-'}`, status);
}

interface SendOptions {
  params?: Params;
  /** Over the session's headers (e.g. the short-lived token of a 406 login). */
  headers?: Record<string, string>;
  json?: unknown;
  body?: FormData;
  signal?: AbortSignal;
}

// Calls cut off because the page is being left (reload, typed address) fail like a lost network: whoever
// handles a failure asks this first, so leaving the page never counts as the server refusing.
let leaving = false;
if (typeof window !== 'undefined') {
  window.addEventListener('beforeunload', () => {
    leaving = true;
    // Still here a moment later: the leave did not happen (a download link also fires beforeunload).
    setTimeout(() => {
      leaving = false;
    }, 3_000);
  });
  window.addEventListener('pagehide', () => {
    leaving = true;
  });
  // Back from the back-forward cache, or a leave that was cancelled.
  window.addEventListener('pageshow', () => {
    leaving = false;
  });
}
export const isPageLeaving = () => leaving;

/** Sends one call; an error status or no answer becomes an HttpFailure the user has been told about. */
export async function send(method: string, url: string, options: SendOptions = {}): Promise<KyResponse> {
  const headers = { ...sessionHeaders(), ...options.headers };
  try {
    return await client(apiUrl(method, url, options.params), {
      method,
      headers,
      json: options.json,
      body: options.body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const hadToken = 'X-Access-Token' in headers;
    if (error instanceof HTTPError)
      throw await reportFailure(error.response.status, await messageOf(error.response), url, hadToken);
    if (error instanceof TimeoutError || error instanceof TypeError)
      throw await reportFailure(undefined, undefined, url, hadToken);
    throw error;
  }
}

type Extra = Pick<SendOptions, 'headers' | 'signal'>;
const bodyOf = (data: unknown) => (data instanceof FormData ? { body: data } : { json: data ?? {} });

export async function getEnvelope<T>(url: string, params?: Params, extra?: Extra): Promise<Envelope<T>> {
  return (await send('GET', url, { ...extra, params })).json<Envelope<T>>();
}
export async function postEnvelope<T>(url: string, data?: unknown, extra?: Extra): Promise<Envelope<T>> {
  return (await send('POST', url, { ...extra, ...bodyOf(data) })).json<Envelope<T>>();
}
export async function putEnvelope<T>(url: string, data?: unknown, extra?: Extra): Promise<Envelope<T>> {
  return (await send('PUT', url, { ...extra, ...bodyOf(data) })).json<Envelope<T>>();
}
export async function deleteEnvelope<T>(url: string, params?: Params): Promise<Envelope<T>> {
  return (await send('DELETE', url, { params })).json<Envelope<T>>();
}

/** Returns `result`, or throws a BusinessError with the server message when success is false. */
export function unwrap<T>(env: Envelope<T>): T {
  if (!env.success) throw new BusinessError(env.message || '操作失败', env.code);
  return env.result;
}

export const api = {
  get: async <T>(url: string, params?: Params) => unwrap(await getEnvelope<T>(url, params)),
  post: async <T>(url: string, data?: unknown) => unwrap(await postEnvelope<T>(url, data)),
  put: async <T>(url: string, data?: unknown) => unwrap(await putEnvelope<T>(url, data)),
  delete: async <T>(url: string, params?: Params) => unwrap(await deleteEnvelope<T>(url, params)),
};

/** A file the server sends (Excel exports and the like), with the name it gives it. */
export async function download(
  url: string,
  params?: Params,
): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send('GET', url, { params });
  const disposition = res.headers.get('content-disposition') ?? '';
  const match = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  return { blob: await res.blob(), fileName: match?.[1] ? decodeURIComponent(match[1]) : null };
}

/**
 * Posts a multipart form with upload progress (fetch cannot report it over HTTP/1.1): `fields` go before
 * the file, as the server reads them first. Resolves to the envelope; an error status is reported like
 * any other call.
 */
export function upload<T>(
  url: string,
  file: File,
  fields: Record<string, string>,
  onProgress?: (percent: number) => void,
): Promise<Envelope<T>> {
  const headers = sessionHeaders();
  return new Promise((resolve, reject) => {
    uploadWithProgress({
      action: apiUrl('POST', url),
      method: 'post',
      filename: 'file',
      // rc-upload types its file as its own RcFile (a File with a uid); any File is sent the same way.
      file: file as Parameters<typeof uploadWithProgress>[0]['file'],
      data: fields,
      headers,
      onProgress: (event) => onProgress?.(Math.round(event.percent ?? 0)),
      onSuccess: (body) => resolve(body as Envelope<T>),
      onError: (error, body) => {
        const status = (error as { status?: number }).status;
        const message = (body as Partial<Envelope<unknown>> | undefined)?.message;
        void reportFailure(status || undefined, message, url, 'X-Access-Token' in headers).then(reject);
      },
    });
  });
}

/** Text of any failure, for message.error in UI code. */
export function errorText(err: unknown): string {
  if (err instanceof BusinessError || err instanceof HttpFailure) return err.message;
  return err instanceof Error ? err.message : String(err);
}

/** True when the request layer already told the user (HTTP-level failure). */
export function isHttpFailure(err: unknown): boolean {
  return err instanceof HttpFailure;
}

/** Tells the user of a failure, unless the request layer already did (an HTTP-level failure). */
export function showFailure(err: unknown): void {
  if (!isHttpFailure(err)) feedback.message.error(errorText(err));
}
