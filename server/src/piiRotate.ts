import { loadConfig } from './config.ts';
import { protectPersonalNumbers } from './modules/index.ts';
import { loadPiiCipher, rotatePiiKey } from './platform/crypto/pii.ts';
import { installPiiCipher } from './platform/crypto/piiColumn.ts';
import { openDatabase } from './platform/db/client.ts';

// `npm run pii:rotate`: a new active key for the personal-number columns, and every stored value re-encrypted
// with it (the old keys stay, so a value missed here still reads). With keys from the environment (PII_KEYS),
// add the new key there and point PII_ACTIVE_KEY at it first: this then only re-encrypts. Run with the server
// stopped when the database is the embedded one (one process opens its directory).
const config = loadConfig();
if (!process.env.PII_KEYS) {
  await loadPiiCipher(config.dataDir); // makes the key file on a first run
  const kid = await rotatePiiKey(config.dataDir);
  console.log(`new active PII key ${kid} in ${config.dataDir}/pii-keys.json`);
}
installPiiCipher(await loadPiiCipher(config.dataDir));
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
try {
  const moved = await protectPersonalNumbers(database.db);
  console.log(`re-encrypted ${moved} values`);
} finally {
  await database.close();
}
