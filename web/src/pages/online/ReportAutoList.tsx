// The auto-rendered report of a code (menu component "report auto list"): the code comes from the
// route `/online/cgreport/view/:code`; search, sort, page, totals and export to Excel.
import { matchPath, useLocation } from 'react-router';
import { ReportView } from './components/ReportView';

export function reportCodeOf(pathname: string): string {
  const m = matchPath({ path: '/online/cgreport/view/:code', end: false }, pathname);
  return m?.params.code ? decodeURIComponent(m.params.code) : '';
}

export default function ReportAutoList() {
  const { pathname } = useLocation();
  return <ReportView code={reportCodeOf(pathname)} />;
}
