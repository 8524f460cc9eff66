import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './platform/db/client.ts';
import { seedDemoAccounts, seedSystem } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedSystem(database.db);
if (config.seedDemo) await seedDemoAccounts(database.db);
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
