import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { seedComplianceJobs } from './modules/compliance/index.ts';
import { seedStatisticsJobs } from './modules/dashboard/index.ts';
import { seedFinanceJobs } from './modules/finance/index.ts';
import { seedCertificateExpiryJob } from './modules/freight/expiry.ts';
import { seedAppJobs } from './modules/freight/index.ts';
import { protectPersonalNumbers } from './modules/index.ts';
import { seedReportJob } from './modules/regulator/index.ts';
import { seedRiskJobs } from './modules/risk/index.ts';
import { openDatabase } from './platform/db/client.ts';
import { createStorage } from './platform/storage/index.ts';
import { seedDemoDataIfEmpty } from './seed/demo/index.ts';
import { seedDemoAccounts, seedSystem } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedSystem(database.db);
const converted = await protectPersonalNumbers(database.db);
if (converted) console.log(`personal numbers encrypted or moved to the active key: ${converted}`);
await seedCertificateExpiryJob(database.db);
await seedFinanceJobs(database.db);
await seedRiskJobs(database.db);
await seedStatisticsJobs(database.db);
await seedComplianceJobs(database.db);
await seedAppJobs(database.db);
await seedReportJob(database.db);
if (config.seedDemo) {
  await seedDemoAccounts(database.db);
  // A first start on an empty database gets the default scale of demo data.
  const storage = createStorage(config);
  const demo = await seedDemoDataIfEmpty(database.db, { storage, orders: config.demoOrders });
  storage.close?.();
  if (demo) console.log(`demo data seeded at scale ${demo.scale} in ${demo.ms} ms`);
}
const { app } = await buildApp(config, database);

const shutdown = async (signal: string) => {
  app.log.info(`${signal}: closing`);
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `console and API on http://localhost:${config.port} (API ${config.basePath}, database ${database.kind})`,
);
