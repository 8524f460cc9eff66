import type { LoginInfo, VisitDay } from '@freight/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LOG_TYPE, sysLog } from '../../../platform/audit/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { formatDateTime, ok } from '../../../platform/http/envelope.ts';

/** Start of the China-time day `daysAgo` days back, as an instant. */
function chinaDayStart(daysAgo: number): Date {
  const today = formatDateTime(new Date()).slice(0, 10);
  const start = new Date(`${today}T00:00:00+08:00`);
  return new Date(start.getTime() - daysAgo * 86_400_000);
}

export function dashboardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const logins = and(
    eq(sysLog.logType, LOG_TYPE.login),
    eq(sysLog.success, 1),
    sql`${sysLog.logContent} like '%登录成功%'`,
  );

  app.get('/sys/loginfo', { config: { access: 'login' } }, async () => {
    const [today] = await db
      .select({ visits: sql<number>`count(*)::int`, ips: sql<number>`count(distinct ${sysLog.ip})::int` })
      .from(sysLog)
      .where(and(logins, gte(sysLog.createTime, chinaDayStart(0))));
    const [total] = await db.select({ visits: sql<number>`count(*)::int` }).from(sysLog).where(logins);
    const result: LoginInfo = {
      todayVisitCount: Number(today?.visits ?? 0),
      todayIp: Number(today?.ips ?? 0),
      totalVisitCount: Number(total?.visits ?? 0),
    };
    return ok(result);
  });

  app.get('/sys/visitInfo', { config: { access: 'login' } }, async () => {
    const day = sql<string>`to_char(${sysLog.createTime} at time zone 'UTC' + interval '8 hours', 'YYYY-MM-DD')`;
    const rows = await db
      .select({
        ymd: day,
        visits: sql<number>`count(*)::int`,
        ips: sql<number>`count(distinct ${sysLog.ip})::int`,
      })
      .from(sysLog)
      .where(and(logins, gte(sysLog.createTime, chinaDayStart(6))))
      .groupBy(day);
    const byDay = new Map(rows.map((r) => [r.ymd, r]));
    const result: VisitDay[] = [];
    for (let i = 6; i >= 0; i--) {
      const ymd = formatDateTime(chinaDayStart(i)).slice(0, 10);
      const row = byDay.get(ymd);
      result.push({ ymd, tian: ymd.slice(5), visit: Number(row?.visits ?? 0), ip: Number(row?.ips ?? 0) });
    }
    return ok(result);
  });
}
