import { ELLIPSIS_LENGTH, FILE_NAME_SHOWN_CHARS } from '../constants.ts';

// Small display rules.

/** Pagination label 'x-y 共 n 条', 'x-y of n' in English. */
export function paginationLabel(
  total: number,
  range: readonly [number, number],
  lang: 'zh' | 'en' = 'zh',
): string {
  return lang === 'en' ? `${range[0]}-${range[1]} of ${total}` : `${range[0]}-${range[1]} 共 ${total} 条`;
}

/** Generic ellipsis at 25 characters (counted as characters, not UTF-16 units). */
export function ellipsis(text: string | null | undefined, length: number = ELLIPSIS_LENGTH): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : text;
}

/** A file name is shown truncated to 5 characters. */
export function shortFileName(
  name: string | null | undefined,
  length: number = FILE_NAME_SHOWN_CHARS,
): string {
  return ellipsis(name, length);
}

/**
 * The configured domain is prefixed to a relative file path, unless the path already starts
 * with http (an absolute URL) or contains a bracket (a JSON list of files, left for the caller).
 */
export function staticFileUrl(domain: string, path: string | null | undefined): string {
  if (!path) return '';
  if (/^http/i.test(path) || /[[\]]/.test(path)) return path;
  return `${domain.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
