// Resolves the bilingual copy of resource declarations against the console language.
import { paginationLabel } from '@freight/contracts';
import { useTranslation } from 'react-i18next';
import type { Bilingual } from './types';

export function pickText(text: Bilingual | undefined, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  return language.startsWith('en') ? text[1] : text[0];
}

/** `tx(['司机', 'Driver'])` → the copy of the current language. */
export function useBilingual(): (text: Bilingual | undefined) => string {
  const { i18n } = useTranslation();
  const language = i18n.language ?? 'zh-CN';
  return (text) => pickText(text, language);
}

/** The "1-10 共 25 条" / "1-10 of 25" total of a table's pagination, in the console language. */
export function pageTotalText(
  tx: (text: Bilingual | undefined) => string,
): (total: number, range: [number, number]) => string {
  return (total, range) => tx([paginationLabel(total, range), paginationLabel(total, range, 'en')]);
}
