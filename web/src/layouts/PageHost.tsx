// Renders one route's page: registry page, iframe, online placeholder or the "not available" panel.
import { Suspense } from 'react';
import type { ViewRoute } from '../app/menuRoutes';
import { lazyPage, viewKind } from '../app/registry';
import { OnlineNotInstalled } from '../components/status/OnlineNotInstalled';
import { PageBoundary } from '../components/status/PageBoundary';
import { PageNotAvailable } from '../components/status/PageNotAvailable';
import { PageSkeleton } from '../components/status/PageSkeleton';
import IframePageView from './IframePageView';

export function PageHost({ route }: { route: ViewRoute }) {
  const kind = route.url && !route.openInNewWindow ? 'iframe' : viewKind(route.component);
  let body: React.ReactNode;
  switch (kind) {
    case 'iframe':
      body = <IframePageView url={route.url} title={route.title} />;
      break;
    case 'online':
      body = <OnlineNotInstalled component={route.component} title={route.title} />;
      break;
    case 'page': {
      const Page = lazyPage(route.component);
      body = Page ? <Page /> : <PageNotAvailable component={route.component} title={route.title} />;
      break;
    }
    default:
      body = <PageNotAvailable component={route.component} title={route.title} />;
  }
  return (
    <PageBoundary>
      <Suspense fallback={<PageSkeleton />}>{body}</Suspense>
    </PageBoundary>
  );
}
