// 支付运单: audited notes not yet paid, by due date; pay one or the selected ones
import { NoteListPage } from './components/NoteListPage';

export default function ShippingPayList() {
  return <NoteListPage view="pay" />;
}
