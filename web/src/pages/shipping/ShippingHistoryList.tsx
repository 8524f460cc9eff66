// 历史运单: completed, cancelled, void and refused notes
import { NoteListPage } from './components/NoteListPage';

export default function ShippingHistoryList() {
  return <NoteListPage view="history" />;
}
