import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { protectPersonalNumbers, seedModuleJobs } from '../modules/index.ts';
import { openDatabase } from '../platform/db/client.ts';
import { createStorage } from '../platform/storage/index.ts';
import { runDemoSeeders } from './demo/index.ts';
import { seedDemoAccounts, seedSystem } from './seed.ts';

// `npm run seed:demo [-- --scale N]`: the system data, the demo accounts, and demo business data at scale N
// (1 = a few hundred rows per kind) into the configured database (DATABASE_URL or DATA_DIR). Safe to rerun;
// a larger scale adds the missing rows.
const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' } } });
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 10_000) {
  console.error('--scale must be an integer from 1 to 10000');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  await seedSystem(database.db);
  await protectPersonalNumbers(database.db);
  await seedDemoAccounts(database.db);
  await seedModuleJobs(database.db);
  const storage = createStorage(config);
  const summary = await runDemoSeeders(database.db, { scale, storage });
  storage.close?.();
  for (const [seeder, rows] of Object.entries(summary.rows))
    console.log(
      `${seeder}: ${Object.entries(rows)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')} (${((summary.seederMs[seeder] ?? 0) / 1000).toFixed(1)} s)`,
    );
  console.log(`seeded at scale ${summary.scale} in ${(summary.ms / 1000).toFixed(1)} s (${database.kind})`);
} finally {
  await database.close();
}
