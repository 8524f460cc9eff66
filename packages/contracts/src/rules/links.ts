// Links stored by one user and opened by another (an announcement's "open page"): only a path inside the
// console or an http(s) address, never `javascript:`, `data:` or a protocol-relative `//host`.

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
const UNSAFE_CHARS = /[\u0000-\u001f\u007f\\\s]/;

/** `/order/list?id=1`: a path of this console (not `//host/…`, no backslashes, blanks or control characters). */
export function isConsolePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !UNSAFE_CHARS.test(value);
}

/** An absolute http(s) address without credentials in it. */
export function isHttpUrl(value: string): boolean {
  if (UNSAFE_CHARS.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Whether an announcement may open this page: a console path for `component`, a console path or an http(s)
 * address for `url`.
 */
export function isSafeOpenPage(value: string | null | undefined, openType?: string | null): boolean {
  if (!value) return false;
  if (isConsolePath(value)) return true;
  return openType !== 'component' && isHttpUrl(value);
}
