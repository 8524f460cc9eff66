// Static routes; the menu-driven routes live under the main layout (path '*').
import { HOME_PATH, LOGIN_PATH, NOT_FOUND_PATH } from '@freight/contracts';
import { type ComponentType, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { FullPageSpin } from '../components/status/FullPageSpin';
import { PageBoundary } from '../components/status/PageBoundary';
import { useSession } from '../stores/session';
import { withChunkTimeout } from './chunkLoad';
import { RedirectIfAuthed, RequireAuth } from './RequireAuth';
import { RouteErrorPage } from './RouteErrorPage';
import { ScrollToTop } from './ScrollToTop';

type Loaded = { default: ComponentType };

/** A lazy route whose chunk times out after 120 s like the spec's ChunkLoadError. */
function lazyRoute(load: () => Promise<Loaded>) {
  return async () => {
    const mod = await withChunkTimeout(load());
    return { Component: mod.default };
  };
}

function PublicShell() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

const UserLayout = lazyRoute(() => import('../layouts/UserLayout'));
// Loaded only after sign-in, so the login page never downloads the main layout.
const loadBasicLayout = () => withChunkTimeout(import('../layouts/BasicLayout'));
const BasicLayout = lazy(loadBasicLayout);

// The moment a token arrives, the main layout and the landing page start downloading, in parallel with the
// permission call, instead of one after another as each renders (dashboard within 1.5 s of login).
useSession.subscribe((state, previous) => {
  if (!state.token || previous.token) return;
  loadBasicLayout().catch(() => undefined);
  // The home route's page (/dashboard/analysis); the registry's loader resolves to the same chunk.
  import('../pages/dashboard/Analysis').catch(() => undefined);
});

export const router = createBrowserRouter(
  [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { path: '/', element: <Navigate to={HOME_PATH} replace /> },
        {
          element: <PublicShell />,
          children: [
            {
              path: '/user',
              lazy: UserLayout,
              children: [
                { index: true, element: <Navigate to={LOGIN_PATH} replace /> },
                {
                  path: 'login',
                  lazy: async () => {
                    const mod = await withChunkTimeout(import('../pages/user/Login'));
                    const Login = mod.default;
                    return {
                      element: (
                        <RedirectIfAuthed to={HOME_PATH}>
                          <Login />
                        </RedirectIfAuthed>
                      ),
                    };
                  },
                },
                { path: 'register', lazy: lazyRoute(() => import('../pages/user/Register')) },
                { path: 'register-result', lazy: lazyRoute(() => import('../pages/user/RegisterResult')) },
                { path: 'login3', lazy: lazyRoute(() => import('../pages/user/Login3')) },
                { path: 'alteration', lazy: lazyRoute(() => import('../pages/user/Alteration')) },
              ],
            },
            { path: '/home', lazy: lazyRoute(() => import('../pages/home/Landing')) },
            { path: '/customer/register', lazy: lazyRoute(() => import('../pages/customer/Register')) },
            { path: NOT_FOUND_PATH, lazy: lazyRoute(() => import('../pages/exception/NotFoundStandalone')) },
          ],
        },
        {
          path: '*',
          element: (
            <RequireAuth>
              <PageBoundary>
                <Suspense fallback={<FullPageSpin />}>
                  <BasicLayout />
                </Suspense>
              </PageBoundary>
            </RequireAuth>
          ),
        },
      ],
    },
  ],
  { basename: '/' },
);
