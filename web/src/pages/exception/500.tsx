import { ExceptionResult } from '../../components/status/ExceptionResult';

export default function Exception500() {
  return <ExceptionResult status={500} />;
}
