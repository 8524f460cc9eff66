// 预付运单: notes with a prepay share, from loading on; prepay cash and/or the fuel-card share
import { NoteListPage } from './components/NoteListPage';

export default function ShippingPrepayList() {
  return <NoteListPage view="prepay" />;
}
