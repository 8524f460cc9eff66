import { ExceptionResult } from '../../components/status/ExceptionResult';

export default function Exception404() {
  return <ExceptionResult status={404} />;
}
