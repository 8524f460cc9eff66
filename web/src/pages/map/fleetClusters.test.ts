import { testLivePosition as vehicle } from '@freight/contracts/testing';
import { describe, expect, it } from 'vitest';
import { dominantState, fleetIndex, fleetMarkers } from './fleetClusters';

describe('fleet clusters', () => {
  const nanjing = Array.from({ length: 30 }, (_, i) =>
    vehicle(i, 118.79 + i * 0.001, 32.06, i < 20 ? 'transit' : 'offline'),
  );
  const lonely = vehicle(99, 87.6, 43.8, 'idle');
  const index = fleetIndex([...nanjing, lonely]);
  const china: [number, number, number, number] = [70, 15, 140, 55];

  it('groups nearby vehicles at a country view and counts them by state', () => {
    const markers = fleetMarkers(index, china, 4);
    const cluster = markers.find((m) => m.kind === 'cluster');
    expect(cluster).toMatchObject({ kind: 'cluster', count: 30, counts: { transit: 20, offline: 10 } });
    expect(markers.find((m) => m.kind === 'vehicle')).toMatchObject({ vehicleId: 'v99', state: 'idle' });
    expect(markers).toHaveLength(2);
  });

  it('shows single vehicles when zoomed in, and only those in view', () => {
    const markers = fleetMarkers(index, [118.78, 32.05, 118.83, 32.07], 18);
    expect(markers.every((m) => m.kind === 'vehicle')).toBe(true);
    expect(markers).toHaveLength(30);
  });

  it('colours a cluster by its most numerous state', () => {
    expect(dominantState({ idle: 1, loading: 2, transit: 5, offline: 3 })).toBe('transit');
    expect(dominantState({ idle: 2, loading: 0, transit: 0, offline: 2 })).toBe('offline');
  });
});
