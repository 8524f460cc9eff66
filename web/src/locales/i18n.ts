// react-i18next set-up: zh-CN by default, en-US on request; the choice is kept in localStorage.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { localCache, STORAGE_KEYS } from '../stores/storage';
import { enUS } from './en-US';
import { zhCN } from './zh-CN';

export type Language = 'zh-CN' | 'en-US';
export const LANGUAGES: { value: Language; label: string }[] = [
  { value: 'zh-CN', label: '简体中文' },
  { value: 'en-US', label: 'English' },
];

export function storedLanguage(): Language {
  return localCache.get<Language>(STORAGE_KEYS.language) === 'en-US' ? 'en-US' : 'zh-CN';
}

void i18n.use(initReactI18next).init({
  resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
  lng: storedLanguage(),
  fallbackLng: 'zh-CN',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export function changeLanguage(lng: Language): void {
  localCache.set(STORAGE_KEYS.language, lng, null);
  document.documentElement.lang = lng;
  void i18n.changeLanguage(lng);
}

export default i18n;
