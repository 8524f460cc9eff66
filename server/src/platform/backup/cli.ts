// `npm run backup [-- <file>]` and `npm run restore -- <file>` (add `--force` after a crash of an embedded
// database's server). DATA_DIR, DATABASE_URL and S3_* are read as the server reads them.
import path from 'node:path';
import { loadConfig } from '../../config.ts';
import { createBackup, restoreBackup } from './backup.ts';

// npm runs workspace scripts in the workspace's folder: paths given by the user are theirs, from where they ran it.
if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const [command, ...rest] = process.argv.slice(2);
const force = rest.includes('--force');
const file = rest.find((arg) => !arg.startsWith('--'));
const config = loadConfig();
const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3: Boolean(config.s3) };

try {
  if (command === 'backup') {
    const { file: written, manifest } = await createBackup(target, file ? path.resolve(file) : undefined, {
      force,
    });
    const uploads =
      manifest.uploads === null ? 'uploads in S3, not included' : `${manifest.uploads} upload(s)`;
    console.log(`backup of the ${manifest.kind} database and ${uploads} written to ${written}`);
  } else if (command === 'restore') {
    if (!file) throw new Error('usage: npm run restore -- <backup file> [--force]');
    const { manifest, keptAside } = await restoreBackup(target, path.resolve(file), { force });
    console.log(`restored the ${manifest.kind} backup of ${manifest.createdAt} from ${path.resolve(file)}`);
    for (const aside of keptAside) console.log(`the replaced data is kept at ${aside}`);
  } else {
    throw new Error('usage: backup [file] [--force] | restore <file> [--force]');
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
