// The one HTTP client of the console (spec §7): token and tenant headers, base path, 60 s timeout,
// `_t` on GETs, and the error catalogue of spec §8. Calls resolve to the response envelope.
import { DEFAULT_BASE_PATH, type Envelope, HTTP_TIMEOUT_MS } from '@freight/contracts';
import axios, { type AxiosError, type AxiosRequestConfig } from 'axios';
import { useSession } from '../stores/session';
import { localCache, STORAGE_KEYS } from '../stores/storage';
import { feedback } from './feedback';
import { describeHttpError, needsTimestamp, shouldReloadAfterExpiry } from './httpErrors';

export const API_BASE: string = import.meta.env.VITE_API_BASE || DEFAULT_BASE_PATH;

export const http = axios.create({ baseURL: API_BASE, timeout: HTTP_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  const { token, tenantId } = useSession.getState();
  if (token) config.headers.set('X-Access-Token', token);
  config.headers.set('tenant_id', tenantId || '0');
  if (needsTimestamp(config.method, config.url)) {
    config.params = { _t: Math.floor(Date.now() / 1000), ...(config.params ?? {}) };
  }
  return config;
});

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

http.interceptors.response.use(
  (response) => response,
  (error: AxiosError<Partial<Envelope<unknown>>>) => {
    if (axios.isCancel(error)) return Promise.reject(error);
    const status = error.response?.status;
    const serverMessage = error.response?.data?.message ?? (status === undefined ? undefined : error.message);
    const view = describeHttpError(status, serverMessage);
    if (view.kind === 'loginExpired') {
      const hadToken = Boolean(error.config?.headers?.['X-Access-Token']);
      // spec §8: the token is removed at once; the dialog then logs out and reloads.
      localCache.remove(STORAGE_KEYS.token);
      if (hadToken && !error.config?.url?.includes('/sys/logout'))
        showLoginExpired(view.title, view.text, view.okText);
      else feedback.message.error(serverMessage || view.text);
    } else if (view.kind === 'notification') {
      feedback.notification.error({
        message: view.title,
        description: view.text,
        duration: view.durationSec,
      });
    } else if (view.kind === 'message') {
      feedback.message.error(view.text);
    }
    return Promise.reject(error);
  },
);

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

export async function getEnvelope<T>(url: string, params?: object, config?: AxiosRequestConfig) {
  const res = await http.get<Envelope<T>>(url, { ...config, params });
  return res.data;
}
export async function postEnvelope<T>(url: string, data?: unknown, config?: AxiosRequestConfig) {
  const res = await http.post<Envelope<T>>(url, data, config);
  return res.data;
}
export async function putEnvelope<T>(url: string, data?: unknown, config?: AxiosRequestConfig) {
  const res = await http.put<Envelope<T>>(url, data, config);
  return res.data;
}

/** Returns `result`, or throws a BusinessError with the server message when success is false. */
export function unwrap<T>(env: Envelope<T>): T {
  if (!env.success) throw new BusinessError(env.message || '操作失败', env.code);
  return env.result;
}

export const api = {
  get: async <T>(url: string, params?: object) => unwrap(await getEnvelope<T>(url, params)),
  post: async <T>(url: string, data?: unknown) => unwrap(await postEnvelope<T>(url, data)),
  put: async <T>(url: string, data?: unknown) => unwrap(await putEnvelope<T>(url, data)),
};

/** Text of any failure, for message.error in UI code. */
export function errorText(err: unknown): string {
  if (err instanceof BusinessError) return err.message;
  if (axios.isAxiosError(err)) {
    const data = err.response?.data as Partial<Envelope<unknown>> | undefined;
    return data?.message || err.message;
  }
  return err instanceof Error ? err.message : String(err);
}

/** True when the request layer already told the user (HTTP-level failure). */
export function isHttpFailure(err: unknown): boolean {
  return axios.isAxiosError(err);
}
