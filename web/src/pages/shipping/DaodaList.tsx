// 到达清单: unloaded notes awaiting sign-off
import { NoteListPage } from './components/NoteListPage';

export default function DaodaList() {
  return <NoteListPage view="daoda" />;
}
