// Date pickers and relative times follow the console language. Only signed-in pages show dates, so dayjs
// and its Chinese locale load with the main layout, not with the login page (which has a weight budget).
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  useEffect(() => {
    dayjs.locale(english ? 'en' : 'zh-cn');
  }, [english]);
}
