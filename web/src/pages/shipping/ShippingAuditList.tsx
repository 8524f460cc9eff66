// 运单审核: signed notes awaiting the operations audit
import { NoteListPage } from './components/NoteListPage';

export default function ShippingAuditList() {
  return <NoteListPage view="audit" />;
}
