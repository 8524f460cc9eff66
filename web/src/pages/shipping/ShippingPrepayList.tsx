// 预付运单: notes with a prepay share, from loading on
import { NoteListPage } from './components/NoteListPage';

export default function ShippingPrepayList() {
  return <NoteListPage view="prepay" />;
}
