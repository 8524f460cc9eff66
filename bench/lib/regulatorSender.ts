// The sender of `bench:regulator`'s kill -9 phase, in a process of its own: sends the due messages of the
// PostgreSQL database at DATABASE_URL until none is left. Its clock moves on when nothing is due, so retries
// and claims left by a killed run become due at once instead of after their backoff or lease.
import { buildApp } from '@freight/server/src/app.ts';
import { loadConfig } from '@freight/server/src/config.ts';
import { sendReports } from '@freight/server/src/modules/regulator/index.ts';
import { hyReportMessage } from '@freight/server/src/modules/regulator/schema.ts';
import { openDatabase } from '@freight/server/src/platform/db/client.ts';
import { ne, sql } from 'drizzle-orm';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const database = await openDatabase({ url, poolSize: 8 });
const config = loadConfig({}, { scheduler: false, logLevel: 'silent', loginCaptcha: false });
const { app, ctx } = await buildApp(config, database, { logger: false });
await app.ready();
let clock = Date.now();
for (let rounds = 0; rounds < 5000; rounds++) {
  // Small claims, so that a kill finds some of them sent and not yet recorded.
  const run = await sendReports(ctx, { now: new Date(clock), limit: 20, concurrency: 4 });
  if (run.claimed > 0) continue;
  const [open] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(hyReportMessage)
    .where(ne(hyReportMessage.state, 'accepted'));
  if ((open?.n ?? 0) === 0) break;
  clock += 2 * 3_600_000;
}
await app.close();
await database.close();
