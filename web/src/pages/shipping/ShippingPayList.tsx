// 支付运单: audited notes not yet paid, by due date (the pay action arrives with the finance work)
import { NoteListPage } from './components/NoteListPage';

export default function ShippingPayList() {
  return <NoteListPage view="pay" />;
}
