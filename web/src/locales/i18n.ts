// react-i18next set-up: zh-CN by default, en-US on request; the choice is kept in localStorage.
// Only Chinese ships with the first bundle; English (ours and antd's) is fetched when chosen, which keeps the
// login page within its weight budget.
import type { Locale } from 'antd/es/locale';
import antdZhCN from 'antd/es/locale/zh_CN';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localCache, STORAGE_KEYS } from '../stores/storage';
import { zhCN } from './zh-CN';

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];

export function storedLanguage(): Language {
  return localCache.get<Language>(STORAGE_KEYS.language) === 'en-US' ? 'en-US' : 'zh-CN';
}

const antdLocales: Partial<Record<Language, Locale>> = { 'zh-CN': antdZhCN };

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN } },
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Loads a language's texts once (English on first use). */
async function ensureLoaded(lng: Language): Promise<void> {
  if (antdLocales[lng]) return;
  const [{ enUS }, antd] = await Promise.all([import('./en-US'), import('antd/es/locale/en_US')]);
  i18n.addResourceBundle('en-US', 'translation', enUS, true, true);
  antdLocales['en-US'] = antd.default;
}

/** antd's texts for the active language (zh-CN until English has loaded). */
export function antdLocale(lng: string): Locale {
  return antdLocales[lng as Language] ?? antdZhCN;
}

/** Switches to the stored language at boot; resolves when its texts are in. */
export async function applyStoredLanguage(): Promise<void> {
  const lng = storedLanguage();
  if (lng === 'zh-CN') return;
  try {
    await ensureLoaded(lng);
    await i18n.changeLanguage(lng);
  } catch {
    // Offline or a failed chunk: the console stays usable in Chinese.
  }
}

export async function changeLanguage(lng: Language): Promise<void> {
  // Kept first: a reload while English is still loading comes back in the chosen language.
  localCache.set(STORAGE_KEYS.language, lng, null);
  await ensureLoaded(lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export default i18n;
