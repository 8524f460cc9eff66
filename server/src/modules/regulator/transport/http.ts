// JSON over HTTP POST with a deadline; every variant speaks it. A failure to reach the server or an
// unreadable answer is a NetworkError (the outbox retries those on its own).

export class NetworkError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

export async function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  timeoutMs = TIMEOUT_MS,
): Promise<{ status: number; json: Record<string, unknown> }> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    const timeout = (error as Error).name === 'TimeoutError';
    throw new NetworkError(
      timeout
        ? `连接超时（${timeoutMs / 1000}秒）`
        : `无法连接上报通道：${cause ?? (error as Error).message}`,
      timeout ? 'TIMEOUT' : 'NETWORK',
    );
  }
  const text = await res.text().catch(() => '');
  if (res.status >= 500)
    throw new NetworkError(`上报通道服务器错误 HTTP ${res.status}`, `HTTP_${res.status}`);
  try {
    const json = JSON.parse(text) as Record<string, unknown>;
    return { status: res.status, json };
  } catch {
    throw new NetworkError(`上报通道返回了无法解析的内容（HTTP ${res.status}）`, `HTTP_${res.status}`);
  }
}

export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A text field of an answer ('' when absent). */
export function textField(json: Record<string, unknown>, key: string): string {
  const value = json[key];
  return value === undefined || value === null ? '' : String(value);
}

/** The field errors a provincial answer lists (`errors: [{ path, rule }]`), if any. */
export function fieldErrorsOf(
  json: Record<string, unknown>,
): Array<{ path: string; rule: string; message?: string }> | undefined {
  const list = json.errors ?? (json.data as Record<string, unknown> | undefined)?.errors;
  if (!Array.isArray(list)) return undefined;
  return list
    .filter((e): e is { path: unknown; rule: unknown; message?: unknown } => !!e && typeof e === 'object')
    .map((e) => ({
      path: String(e.path ?? ''),
      rule: String(e.rule ?? ''),
      ...(e.message ? { message: String(e.message) } : {}),
    }));
}
