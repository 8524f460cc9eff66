// 垫付运单: advanced notes and audited credit customers' notes the platform may advance
import { NoteListPage } from './components/NoteListPage';

export default function ShippingAdvanceList() {
  return <NoteListPage view="advance" />;
}
