import { ExceptionResult } from '../../components/status/ExceptionResult';

export default function Exception403() {
  return <ExceptionResult status={403} />;
}
