import { Navigate } from 'react-router';
import { PageNotAvailable } from '../components/status/PageNotAvailable';

/**
 * `layouts/RouteView`: a pass-through parent. Parents with children redirect to their first child
 * in the route table; a RouteView leaf has nothing to show, so it says so.
 */
export default function RouteView({ redirect, title }: { redirect?: string; title?: string }) {
  if (redirect) return <Navigate to={redirect} replace />;
  return <PageNotAvailable component="layouts/RouteView" title={title} />;
}
