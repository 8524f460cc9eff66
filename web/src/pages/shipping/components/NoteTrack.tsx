// Loads a track (a note's, or a vehicle's window on the map page) and plays it on the map.
import type { TrackResult, VehiclePlatformPull } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Spin } from 'antd';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { useBilingual } from '../../../components/resource/text';
import { useCan } from '../../../components/resource/useCan';
import { api, errorText } from '../../../services/request';
import { usePlatform } from '../../../stores/platform';
import { TrackMap } from './TrackMap';

export type TrackSource =
  | { kind: 'note'; id: string }
  | { kind: 'map'; query: Record<string, string | undefined> };

export function NoteTrack({ source }: { source: TrackSource }) {
  const gdKey = usePlatform((s) => s.settings?.gd_web);
  const can = useCan();
  const tx = useBilingual();
  const { message } = App.useApp();
  const { busy: pulling, run: runPulling } = useBusyAction();
  const track = useQuery({
    queryKey: ['track', source],
    queryFn: () =>
      source.kind === 'note'
        ? api.get<TrackResult>('/shipping/hyShippingNote/track', { id: source.id })
        : api.get<TrackResult>('/map/track/query', source.query),
    retry: false,
  });
  if (track.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const pull =
    source.kind === 'note' && can('shipping:track:pull') ? (
      <Button
        size="small"
        loading={pulling}
        onClick={() => void pullNow(source.id)}
        style={{ marginBottom: 8 }}
        data-testid="track-pull"
      >
        {tx(['从全国货运平台拉取北斗轨迹', 'Pull Beidou track from the national platform'])}
      </Button>
    ) : null;
  if (track.error)
    return (
      <>
        {pull}
        <Alert type="error" showIcon message={errorText(track.error)} />
      </>
    );
  if (!track.data) return null;
  return (
    <>
      {pull}
      <TrackMap track={track.data} gdKey={gdKey} />
    </>
  );

  async function pullNow(id: string) {
    await runPulling(async () => {
      const answer = await api.post<VehiclePlatformPull>('/shipping/hyShippingNote/pullTrack', { id });
      void message.success(
        tx([
          `拉取到 ${answer.received} 个定位点，新增 ${answer.inserted} 个`,
          `${answer.received} fixes received, ${answer.inserted} new`,
        ]),
      );
      await track.refetch();
    });
  }
}
