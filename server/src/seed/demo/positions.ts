import { rebuildPositions } from '../../modules/freight/index.ts';
import type { DemoSeeder } from './types.ts';

// The live map's positions of the demo's vehicles, from the track points the seeders wrote (the seed writes
// points in bulk, not through the ingest that keeps positions as fixes arrive).
export const positionsSeeder: DemoSeeder = {
  name: 'positions',
  async run(db) {
    return { vehiclePositions: await rebuildPositions(db) };
  },
};
