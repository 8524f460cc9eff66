// Resolves the bilingual copy of resource declarations against the console language.
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
