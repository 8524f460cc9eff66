import { useEffect } from 'react';
import { usePlatformName } from '../../app/usePlatformSettings';
import { ExceptionResult } from '../../components/status/ExceptionResult';

/** The /404 route outside the main layout: unknown paths land here. */
export default function NotFoundStandalone() {
  const name = usePlatformName();
  useEffect(() => {
    document.title = `404 - ${name}`;
  }, [name]);
  return (
    <div className="standalone-exception">
      <ExceptionResult status={404} />
    </div>
  );
}
