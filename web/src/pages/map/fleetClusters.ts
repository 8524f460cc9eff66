// Clusters of the live map: every vehicle in scope goes into one supercluster index, and the map
// asks it for what lies in view at its zoom, so 10 000 vehicles draw as a few dozen markers. A cluster counts
// its vehicles by live state, and takes the colour of the most numerous.
import type { LivePosition, LiveState } from '@freight/contracts';
import Supercluster from 'supercluster';

export type StateCounts = Record<LiveState, number>;
export interface VehicleProps {
  vehicleId: string;
  state: LiveState;
}
type ClusterProps = StateCounts;
export type FleetIndex = Supercluster<VehicleProps, ClusterProps>;

export type FleetMarker =
  | { kind: 'vehicle'; vehicleId: string; state: LiveState; lng: number; lat: number }
  | { kind: 'cluster'; clusterId: number; count: number; counts: StateCounts; lng: number; lat: number };

const noCounts = (): StateCounts => ({ idle: 0, loading: 0, transit: 0, offline: 0 });

/** Builds the index; `place` gives each vehicle's [lng, lat] on the map (GCJ-02 on AMap). */
export function fleetIndex(
  positions: readonly LivePosition[],
  place: (p: LivePosition) => [number, number] = (p) => [p.lng, p.lat],
): FleetIndex {
  const index: FleetIndex = new Supercluster<VehicleProps, ClusterProps>({
    radius: 56,
    maxZoom: 12,
    map: (props) => {
      const counts = noCounts();
      counts[props.state] = 1;
      return counts;
    },
    reduce: (into, from) => {
      into.idle += from.idle;
      into.loading += from.loading;
      into.transit += from.transit;
      into.offline += from.offline;
    },
  });
  index.load(
    positions.map((p) => ({
      type: 'Feature' as const,
      properties: { vehicleId: p.vehicleId, state: p.liveState },
      geometry: { type: 'Point' as const, coordinates: place(p) },
    })),
  );
  return index;
}

/** What to draw in a view: bbox as [west, south, east, north] in degrees. */
export function fleetMarkers(
  index: FleetIndex,
  bbox: [number, number, number, number],
  zoom: number,
): FleetMarker[] {
  return index.getClusters(bbox, Math.round(zoom)).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates;
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const { cluster: _c, cluster_id, point_count, point_count_abbreviated: _a, ...counts } = props;
      return {
        kind: 'cluster',
        clusterId: cluster_id,
        count: point_count,
        counts: counts as StateCounts,
        lng,
        lat,
      };
    }
    const vehicle = props as VehicleProps;
    return { kind: 'vehicle', vehicleId: vehicle.vehicleId, state: vehicle.state, lng, lat };
  });
}

/** The state most vehicles of a cluster are in (ties go to the more urgent: offline, transit, loading, idle). */
export function dominantState(counts: StateCounts): LiveState {
  const order: LiveState[] = ['offline', 'transit', 'loading', 'idle'];
  return order.reduce((best, state) => (counts[state] > counts[best] ? state : best), order[0]);
}
