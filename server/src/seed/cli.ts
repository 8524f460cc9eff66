import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/client.ts';
import { seedDemoAccounts, seedSystem } from './seed.ts';

// `npm run seed:demo`: seeds the system data and the demo accounts into the configured database.
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await seedSystem(database.db);
await seedDemoAccounts(database.db);
await database.close();
console.log('seeded');
