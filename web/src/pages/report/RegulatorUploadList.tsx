// 监管上传 (`/report/upload`): the failed messages with their field errors, a link to the record to
// correct, resend, and each message's attempts.
import { reportUploadResource } from '@freight/contracts';
import { MessageListPage } from './components/MessageListPage';

export default function RegulatorUploadList() {
  return <MessageListPage decl={reportUploadResource} failedOnly />;
}
