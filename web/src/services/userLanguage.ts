// The console language is saved per user (个人设置): the preference chosen in 个人设置 goes to the
// server and is applied at login; the header's quick switch changes this browser only.
import type { UserInfo } from '@freight/contracts';
import i18n, { changeLanguage, type Language } from '../locales/i18n';
import { useSession } from '../stores/session';
import { api } from './request';

/** Switches the console's language and, when signed in, saves it to the user. */
export async function chooseLanguage(lng: Language): Promise<void> {
  await changeLanguage(lng);
  const { token, userInfo, setUserInfo } = useSession.getState();
  if (!token || !userInfo) return;
  await api.put('/sys/user/language', { language: lng });
  setUserInfo({ ...userInfo, language: lng });
}

/** At login: the user's saved language, if any, replaces the browser's choice. */
export async function applyUserLanguage(info: Pick<UserInfo, 'language'>): Promise<void> {
  if (info.language && info.language !== i18n.language) await changeLanguage(info.language);
}
