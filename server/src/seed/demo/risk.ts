// The demo's risk control: platform rule parameters (a stop blocks pay until handled), then two trucks on the
// road that stood still for 45 minutes, and the track scan (the scheduled job's service) raising their stop
// warnings. The loss warnings of the demo come from the shipping seeder's trips themselves (every fifth trip
// loses more than its allowance), judged by the rules for the steps they went through. Two of those losses on
// audited, still unpaid waybills of captain01's fleet are confirmed as violations with the deduction of their
// carrier contract's clause (the demo's carrier template carries one, see the shipping seeder): one is still
// within its appeal window (captain01 may appeal it), the other's window lapsed and the deduction job posted it.
import { SHIPPING_STATUS, STILL_TO_PAY } from '@freight/contracts';
import { and, asc, desc, eq, gte, inArray } from 'drizzle-orm';
import { type Finance, SimulatedBank, silentLog } from '../../modules/finance/index.ts';
import { hyShippingNote, hyTrackPoint } from '../../modules/freight/index.ts';
import { postDueDeductions } from '../../modules/risk/deductions.ts';
import { handleWarning, rejudgeNotes, riskParamsChanged, runRiskScan } from '../../modules/risk/index.ts';
import { riskParam, riskViolation, riskWarning } from '../../modules/risk/schema.ts';
import { refreshNote } from '../../modules/risk/warnings.ts';
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
    const deductions = await seedDeductions(db, ctx.now);
    return { params, stepWarnings: judged.warnings, trackWarnings: scan.warnings, ...deductions };
  },
};

/** Confirms two loss warnings of captain01's fleet with their deduction; the second one's window has lapsed. */
async function seedDeductions(db: Db, now: Date): Promise<{ violations: number; deductionsPosted: number }> {
  const warnings = await db
    .select({ id: riskWarning.id, noteId: riskWarning.noteId })
    .from(riskWarning)
    .innerJoin(hyShippingNote, eq(hyShippingNote.id, riskWarning.noteId))
    .where(
      and(
        eq(riskWarning.ruleType, 'loss'),
        eq(riskWarning.state, 'open'),
        eq(hyShippingNote.captainId, stableId('captain', 'captain01')),
        eq(hyShippingNote.status, SHIPPING_STATUS.audited),
        inArray(hyShippingNote.payStatus, [...STILL_TO_PAY]),
      ),
    )
    .orderBy(asc(hyShippingNote.shippingNoteNumber))
    .limit(2);
  const actor = { username: 'demo', tenantId: 0 };
  for (const w of warnings)
    await handleWarning({ db }, actor, {
      id: w.id,
      action: 'confirm',
      reason: '卸货重量低于装货重量，亏吨超出合理损耗，磅单核实属实',
      deduct: true,
    });
  const lapsed = warnings[1];
  if (!lapsed) return { violations: warnings.length, deductionsPosted: 0 };
  // Its notice went out days ago (the clock set back, as for the demo's waybills): the window has lapsed.
  await db
    .update(riskViolation)
    .set({ appealDeadline: new Date(now.getTime() - 3_600_000) })
    .where(eq(riskViolation.warningId, lapsed.id));
  const fin: Finance = { db, bank: new SimulatedBank(db, { delayMs: 0 }), log: silentLog };
  const posted = await postDueDeductions(fin, refreshNote, now);
  return { violations: warnings.length, deductionsPosted: posted.posted };
}
