// Loads a track (a note's, or a vehicle's window on the map page) and plays it on the map.
import type { TrackResult } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Spin } from 'antd';
import { api, errorText } from '../../../services/request';
import { usePlatform } from '../../../stores/platform';
import { TrackMap } from './TrackMap';

export type TrackSource =
  | { kind: 'note'; id: string }
  | { kind: 'map'; query: Record<string, string | undefined> };

export function NoteTrack({ source }: { source: TrackSource }) {
  const gdKey = usePlatform((s) => s.settings?.gd_web);
  const track = useQuery({
    queryKey: ['track', source],
    queryFn: () =>
      source.kind === 'note'
        ? api.get<TrackResult>('/shipping/hyShippingNote/track', { id: source.id })
        : api.get<TrackResult>('/map/track/query', source.query),
    retry: false,
  });
  if (track.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (track.error) return <Alert type="error" showIcon message={errorText(track.error)} />;
  if (!track.data) return null;
  return <TrackMap track={track.data} gdKey={gdKey} />;
}
