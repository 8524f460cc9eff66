// 运单列表 (/shipping/list; ?state=1 = settlement due, as the header counters count)
import { NoteListPage } from './components/NoteListPage';

export default function ShippingNoteList() {
  return <NoteListPage view="main" />;
}
