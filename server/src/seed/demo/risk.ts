// The demo's risk control: platform rule parameters (a stop blocks pay until handled), then two trucks on the
// road that stood still for 45 minutes, and the track scan (the scheduled job's service) raising their stop
// warnings. The loss warnings of the demo come from the shipping seeder's trips themselves (every fifth trip
// loses more than its allowance), judged by the rules for the steps they went through.
import { SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { hyShippingNote, hyTrackPoint } from '../../modules/freight/index.ts';
import { rejudgeNotes, riskParamsChanged, runRiskScan } from '../../modules/risk/index.ts';
import { riskParam } from '../../modules/risk/schema.ts';
import type { Db } from '../../platform/db/client.ts';
import { stableId } from '../seed.ts';
import type { DemoSeeder } from './types.ts';

const PARAMS: Array<{
  ruleType: string;
  severity: number;
  params: Record<string, number>;
  remark: string | null;
}> = [
  { ruleType: 'overload', severity: 2, params: { tolerancePct: 2 }, remark: '核定载质量的2%以内视为正常' },
  {
    ruleType: 'stop',
    severity: 2,
    params: { minMinutes: 30, radiusM: 500 },
    remark: '途中停车需核实后才能付款',
  },
  { ruleType: 'loss', severity: 1, params: { excessPct: 0 }, remark: null },
];

export const riskSeeder: DemoSeeder = {
  name: 'risk',
  async run(db: Db, ctx) {
    let params = 0;
    for (const p of PARAMS) {
      const inserted = await db
        .insert(riskParam)
        .values({ id: stableId('risk-param', p.ruleType), ...p, createBy: 'demo' })
        .onConflictDoNothing()
        .returning({ id: riskParam.id });
      params += inserted.length;
    }
    riskParamsChanged();
    // Two trucks out on the road have been standing for the last 45 minutes (their latest positions stay put).
    const onRoad = await db
      .select({ vehicleId: hyShippingNote.vehicleId, loadTime: hyShippingNote.loadTime })
      .from(hyShippingNote)
      .where(inArray(hyShippingNote.status, [SHIPPING_STATUS.loaded, SHIPPING_STATUS.inTransit]))
      .orderBy(asc(hyShippingNote.shippingNoteNumber));
    let stopped = 0;
    for (const note of onRoad) {
      if (stopped === 2 || !note.loadTime) break;
      const points = await db
        .select()
        .from(hyTrackPoint)
        .where(and(eq(hyTrackPoint.vehicleId, note.vehicleId), gte(hyTrackPoint.gpsTime, note.loadTime)))
        .orderBy(desc(hyTrackPoint.gpsTime))
        .limit(86);
      // out on the road: the stop starts 40 minutes or more after the loading (well away from the yard)
      if (points.length < 86) continue;
      points.length = 46;
      const anchor = points.at(-1);
      if (!anchor) continue;
      for (const [i, point] of points.entries())
        await db
          .update(hyTrackPoint)
          .set({ lng: anchor.lng + (i % 3) / 10_000, lat: anchor.lat + (i % 2) / 10_000, speed: 0 })
          .where(and(eq(hyTrackPoint.vehicleId, point.vehicleId), eq(hyTrackPoint.gpsTime, point.gpsTime)));
      stopped++;
    }
    // The shipping seeder drove its notes before the rules listened (the app starts after the seed): judged now.
    const judged = await rejudgeNotes(db, 'demo');
    const scan = await runRiskScan(db, ctx.now);
    return { params, stepWarnings: judged.warnings, trackWarnings: scan.warnings };
  },
};
