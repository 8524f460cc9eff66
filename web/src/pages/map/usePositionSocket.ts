// The live map's socket `/map/realtime/socket`: the server pushes `{type:'positions', rows}` with new fixes of
// the vehicles this user may see, handed over in batches (a busy fleet re-clusters a few times a second).
import type { LivePosition } from '@freight/contracts';
import { useRowSocket } from '../../services/rowSocket';

/** Calls `onRows` with the fixes pushed since the last call; `onOpen` when the socket is (re)connected. */
export function usePositionSocket(onRows: (rows: LivePosition[]) => void, onOpen?: () => void): void {
  useRowSocket<LivePosition>('/map/realtime/socket', 'positions', onRows, onOpen);
}
