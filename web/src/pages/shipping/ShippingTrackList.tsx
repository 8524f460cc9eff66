// 轨迹查询: notes with a track (loaded on), played back on the map
import { NoteListPage } from './components/NoteListPage';

export default function ShippingTrackList() {
  return <NoteListPage view="track" />;
}
