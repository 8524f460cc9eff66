/**
 * Dashboard benchmark, `npm run bench:dashboard`:
 *   - with BENCH_DATABASE_URL (PostgreSQL): BENCH_WAYBILLS (1 000 000) waybills over a year, the daily
 *     statistics job's first build (and an incremental run), then the analysis KPIs, 统计分析 (30 days by day
 *     and by customer) requested at a FIXED rate of BENCH_RATE (200) requests/s, open loop, for BENCH_DURATION
 *     (30) s — target p99 < 100 ms per route; 经营看板 one call after another (shown, not enforced); a waybill of a closed day changed, the figures
 *     compared with a direct SQL aggregate over the rows before and after the next build — identical;
 * The risk rules' share of a dispatch is measured by `npm run bench:risk`.
 *
 * Env: BENCH_DATABASE_URL, BENCH_WAYBILLS (1000000), BENCH_RATE (200), BENCH_DURATION (30), BENCH_WARMUP (3),
 *      BENCH_ENFORCE (1: exit 2 when a target is missed).
 * Exit codes: 0 ok, 1 failed run, 2 target missed.
 */
import type { AnalysisSummary, StatisticsResult } from '@freight/contracts';
import { directNoteFigures } from '@freight/server/src/modules/dashboard/directFigures.ts';
import { buildDailyStatistics } from '@freight/server/src/modules/dashboard/index.ts';
import { hyShippingNote } from '@freight/server/src/modules/freight/index.ts';
import { and, gte, lt, sql } from 'drizzle-orm';
import { ADMIN_PASSWORD, BENCH_DATABASE_URL, BENCH_ENFORCE, envNumber, reportedSettings } from './lib/env.ts';
import { fixedRate, percentile } from './lib/rateRun.ts';
import { evaluateTargets, finishBench, machineLine, runBench, type TargetOutcome } from './lib/report.ts';
import {
  DASHBOARD_ANALYSIS_SCENARIO,
  DASHBOARD_BUSINESS_SCENARIO,
  DASHBOARD_EQUAL_SCENARIO,
  DASHBOARD_STATISTICS_SCENARIO,
  dashboardTargets,
} from './lib/scenarios.ts';
import { seedDashboardNotes } from './lib/seedDashboard.ts';
import { type BenchServer, login, startBenchServer } from './lib/server.ts';

const settings = {
  databaseUrl: BENCH_DATABASE_URL,
  waybills: Math.round(envNumber('BENCH_WAYBILLS', 1_000_000)),
  rate: envNumber('BENCH_RATE', 200),
  durationSeconds: envNumber('BENCH_DURATION', 30),
  warmupSeconds: envNumber('BENCH_WARMUP', 3),
  enforce: BENCH_ENFORCE,
};
const DAY_MS = 86_400_000;

const ymd = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const chinaDay = (day: string) => new Date(`${day}T00:00:00+08:00`);

async function get<T>(server: BenchServer, token: string, route: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}${server.config.basePath}${route}`, {
    headers: { 'x-access-token': token },
  });
  const body = (await response.json()) as { success: boolean; message: string; result: T };
  if (!body.success) throw new Error(`GET ${route}: ${body.message}`);
  return body.result;
}

async function dashboardOnPostgres(): Promise<{
  outcomes: TargetOutcome[];
  figures: Record<string, unknown>;
}> {
  const server = await startBenchServer({ adminUrl: settings.databaseUrl, poolSize: 20 });
  try {
    const seeded = await seedDashboardNotes(server.db, settings.waybills);
    console.log(`seeded ${seeded.notes} waybills in ${(seeded.ms / 1000).toFixed(1)} s`);
    const first = await buildDailyStatistics(server.db);
    const again = await buildDailyStatistics(server.db);
    const [daily] = (
      (await server.db.execute(sql`select count(*)::int as n from stat_note_daily`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    console.log(
      `daily figures: first build ${first.ms} ms (${daily?.n} rows through ${first.builtThrough}), next run ${again.ms} ms (${again.days} days)`,
    );
    const token = await login(server, 'admin', ADMIN_PASSWORD);
    const today = ymd(new Date());
    const begin = ymd(new Date(Date.now() - 29 * DAY_MS));
    const base = server.config.basePath;
    const routes = {
      [DASHBOARD_ANALYSIS_SCENARIO]: ['/dashboard/analysis'],
      [DASHBOARD_STATISTICS_SCENARIO]: [
        `/statistics/list?begin=${begin}&end=${today}&groupBy=period&period=day`,
        `/statistics/list?begin=${begin}&end=${today}&groupBy=customer`,
      ],
    };
    const paths = Object.values(routes).flatMap((list) => list.map((route) => `${base}${route}`));
    // Round-robin: the analysis page (everyone's home page) and 统计分析 by day and by customer, half and half.
    const mix = [paths[0], paths[1], paths[0], paths[2]];

    // Identical numbers: as built, after a closed day's waybill changed (live at once), after the next build.
    const compare = async () => {
      const page = await get<StatisticsResult>(server, token, routes[DASHBOARD_STATISTICS_SCENARIO][0]);
      const direct = await directNoteFigures(server.db, begin, today);
      const figures = ({ waybills, freightFen, serviceFeeFen, agentFeeFen, tonnage }: typeof direct) =>
        JSON.stringify({ waybills, freightFen, serviceFeeFen, agentFeeFen, tonnage });
      return figures(page.total) === figures(direct);
    };
    const equalBuilt = await compare();
    const closedDay = ymd(new Date(Date.now() - 5 * DAY_MS));
    await server.db
      .update(hyShippingNote)
      .set({
        customerFee: sql`${hyShippingNote.customerFee} + 100`,
        status: sql`case when ${hyShippingNote.id} like '%7' then -1 else ${hyShippingNote.status} end`,
      })
      .where(
        and(
          gte(hyShippingNote.createTime, chinaDay(closedDay)),
          lt(hyShippingNote.createTime, new Date(chinaDay(closedDay).getTime() + 3_600_000)),
        ),
      );
    const equalDirty = await compare();
    const rebuilt = await buildDailyStatistics(server.db);
    const equalRebuilt = await compare();
    console.log(
      `figures equal a direct aggregate: as built ${equalBuilt}, after a change on ${closedDay} ${equalDirty}, after the next build (${rebuilt.days} day, ${rebuilt.ms} ms) ${equalRebuilt}`,
    );

    // 经营看板 (a page opened now and then, not a home page): its latency one call after another, for information.
    const business: number[] = [];
    for (let i = 0; i < 50; i++) {
      const began = performance.now();
      await get(server, token, '/statistics/business');
      business.push(performance.now() - began);
    }
    business.sort((a, b) => a - b);
    console.log(
      `经营看板 one call after another: p50 ${percentile(business, 50).toFixed(1)} ms, p99 ${percentile(business, 99).toFixed(1)} ms`,
    );
    if (settings.warmupSeconds > 0)
      await fixedRate(server.baseUrl, token, mix, settings.rate, settings.warmupSeconds);
    const load = await fixedRate(server.baseUrl, token, mix, settings.rate, settings.durationSeconds);
    const millis: Record<string, number> = { [DASHBOARD_BUSINESS_SCENARIO]: percentile(business, 99) };
    const lines: string[] = [];
    for (const [scenario, list] of Object.entries(routes)) {
      const latencies = list.flatMap((route) => load.byPath[`${base}${route}`] ?? []).sort((a, b) => a - b);
      millis[scenario] = percentile(latencies, 99);
      lines.push(
        `  ${list.join(' + ')}: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? 0).toFixed(1)} ms`,
      );
    }
    console.log(
      `fixed rate ${settings.rate} req/s for ${settings.durationSeconds} s: ${load.sent} sent in ${load.seconds.toFixed(1)} s (${(load.sent / load.seconds).toFixed(0)} req/s), ${load.failed} failed\n${lines.join('\n')}`,
    );
    // A failed request counts at its latency (a refusal) or its timeout; the run goes on to the targets.
    if (load.failed > 0) {
      console.error(`${load.failed} dashboard requests failed, the first: ${load.firstFailure}`);
      for (const scenario of Object.keys(routes)) millis[scenario] = Number.POSITIVE_INFINITY;
    }
    const kpis = await get<AnalysisSummary>(server, token, '/dashboard/analysis');
    const month = await get<StatisticsResult>(server, token, routes[DASHBOARD_STATISTICS_SCENARIO][0]);
    const figures = { analysis: kpis, statistics30Days: month.total };
    console.log(
      `analysis: today ${kpis.today?.waybills} waybills ${((kpis.today?.freightFen ?? 0) / 100).toFixed(2)} 元, in transit ${kpis.inTransit}, ` +
        `this month ${kpis.month?.waybills} waybills ${((kpis.month?.freightFen ?? 0) / 100).toFixed(2)} 元 (last month ${kpis.lastMonth?.waybills}, ${((kpis.lastMonth?.freightFen ?? 0) / 100).toFixed(2)} 元); ` +
        `30 days: ${month.total.waybills} waybills, ${month.total.tonnage} t, ${(month.total.freightFen / 100).toFixed(2)} 元`,
    );
    return {
      figures,
      outcomes: evaluateTargets(
        dashboardTargets,
        [],
        server.kind,
        {},
        { [DASHBOARD_EQUAL_SCENARIO]: equalBuilt && equalDirty && equalRebuilt },
        millis,
      ),
    };
  } finally {
    await server.close();
  }
}

async function main(): Promise<number> {
  console.log(machineLine('bench:dashboard'));
  const pg = settings.databaseUrl ? await dashboardOnPostgres() : null;
  if (!pg)
    console.log(
      '(BENCH_DATABASE_URL not set: the dashboard figures over 1 000 000 waybills are not measured)',
    );
  const outcomes = pg?.outcomes ?? [];
  const record = { settings: reportedSettings(settings), figures: pg?.figures ?? null };
  return finishBench('dashboard.json', outcomes, record, settings.enforce, 'dashboard');
}

runBench('bench:dashboard', main);
