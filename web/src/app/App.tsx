// Providers: antd (locale + primary colour), i18n, feedback bridge, router. react-query lives in the
// main layout so the login page does not download it.
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useSettings } from '../stores/settings';
import { FeedbackBridge } from './FeedbackBridge';
import { router } from './router';
import { useLoadPlatformSettings } from './usePlatformSettings';

export function App() {
  const { i18n } = useTranslation();
  const primaryColor = useSettings((s) => s.settings.primaryColor);
  const english = i18n.language === 'en-US';
  useLoadPlatformSettings();

  useEffect(() => {
    dayjs.locale(english ? 'en' : 'zh-cn');
    document.documentElement.lang = english ? 'en-US' : 'zh-CN';
  }, [english]);

  return (
    <ConfigProvider
      locale={english ? enUS : zhCN}
      theme={{ token: { colorPrimary: primaryColor, colorInfo: primaryColor, borderRadius: 6 } }}
    >
      <AntApp>
        <FeedbackBridge />
        <RouterProvider router={router} />
      </AntApp>
    </ConfigProvider>
  );
}
