// 交通监管同步 (`/report/transport`): every report message of waybills, drivers, vehicles and
// payments with its state per channel; filters, batch resend, detail with request and answer, export.
import { reportMessageResource } from '@freight/contracts';
import { MessageListPage } from './components/MessageListPage';

export default function TransportSyncList() {
  return <MessageListPage decl={reportMessageResource} />;
}
