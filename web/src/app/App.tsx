// Providers: antd (locale + primary colour), i18n, router, and (after sign-in) the feedback bridge.
// react-query lives in the main layout so the login page does not download it.
import { ConfigProvider } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { useReducedMotion } from '../layouts/useMediaQuery';
import { antdLocale } from '../locales/i18n';
import { useSession } from '../stores/session';
import { useSettings } from '../stores/settings';
import { router } from './router';
import { useLoadPlatformSettings } from './usePlatformSettings';

const FeedbackBridge = lazy(() => import('./FeedbackBridge'));

/** True from the first moment a token exists in this page's life: the bridge then stays, through logout. */
function useSignedInOnce(): boolean {
  const token = useSession((s) => s.token);
  const [once, setOnce] = useState(Boolean(token));
  useEffect(() => {
    if (token) setOnce(true);
  }, [token]);
  return once || Boolean(token);
}

export function App() {
  const signedInOnce = useSignedInOnce();
  const { i18n } = useTranslation();
  const primaryColor = useSettings((s) => s.settings.primaryColor);
  const english = i18n.language === 'en-US';
  const reducedMotion = useReducedMotion();
  useLoadPlatformSettings();

  useEffect(() => {
    document.documentElement.lang = english ? 'en-US' : 'zh-CN';
  }, [english]);

  return (
    <ConfigProvider
      locale={antdLocale(i18n.language)}
      theme={{
        token: {
          colorPrimary: primaryColor,
          colorInfo: primaryColor,
          borderRadius: 6,
          motion: !reducedMotion,
        },
      }}
    >
      <RouterProvider router={router} />
      {signedInOnce ? (
        <Suspense fallback={null}>
          <FeedbackBridge />
        </Suspense>
      ) : null}
    </ConfigProvider>
  );
}
