import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { protectPersonalNumbers, seedModuleJobs } from './modules/index.ts';
import { openDatabase } from './platform/db/client.ts';
import { createStorage } from './platform/storage/index.ts';
import { seedDemoDataIfEmpty } from './seed/demo/index.ts';
import { seedDemoAccounts, seedSystem } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedSystem(database.db);
const converted = await protectPersonalNumbers(database.db);
if (converted) console.log(`personal numbers encrypted or moved to the active key: ${converted}`);
await seedModuleJobs(database.db);
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
