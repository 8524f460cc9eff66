// 运输合同: the transport contracts formed when drivers accept
import { NoteListPage } from './components/NoteListPage';

export default function ShippingContractList() {
  return <NoteListPage view="contract" />;
}
