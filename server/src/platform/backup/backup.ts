// Backups of a whole installation: the database and the uploaded files (DATA_DIR/upload), in one .tar.gz.
// PostgreSQL is dumped in its standard custom format (`pg_dump -Fc`, restored with `pg_restore --clean
// --if-exists`), the embedded PGlite as its data directory tarball (`dumpDataDir`, reopened with
// `loadDataDir`). What is replaced on a restore is kept aside, never deleted.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';

const run = promisify(execFile);

export const BACKUP_FORMAT = 'freight-backup';
const BACKUP_VERSION = 1;
const PG_DUMP_FILE = 'database.pgdump';
const PGLITE_FILE = 'pglite.tar';
const UPLOAD_DIR = 'upload';

/** What a backup covers: the installation's DATA_DIR and, for PostgreSQL, its database. */
export interface BackupTarget {
  dataDir: string;
  /** PostgreSQL URL; absent, the embedded PGlite in DATA_DIR/pglite. */
  databaseUrl?: string;
  /** Uploads live in an S3-compatible store (not part of the backup: the store keeps its own). */
  s3?: boolean;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  kind: 'pglite' | 'postgres';
  createdAt: string;
  /** Files under DATA_DIR/upload in the archive; null when uploads are in S3 and not included. */
  uploads: number | null;
}

/** DATA_DIR/backups/freight-<kind>-<UTC stamp>.tar.gz */
export function defaultBackupFile(target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  return path.join(target.dataDir, 'backups', `freight-${kind}-${stamp}.tar.gz`);
}

const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'pglite');

/**
 * A PGlite data directory belongs to one process at a time: while a server has it open, PGlite keeps a
 * postmaster.pid in it (removed on a clean close). Copying or replacing it then would tear the database.
 */
function refuseOpenPglite(dir: string, force: boolean): void {
  if (!force && existsSync(path.join(dir, 'postmaster.pid')))
    throw new Error(
      `the embedded database in ${dir} is open (postmaster.pid): stop the server first ` +
        '(after a crash, run again with --force)',
    );
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

async function tool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new Error(`${command} is not installed (PostgreSQL client tools are needed for this database)`);
    throw new Error(`${command} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}

/** Writes a backup of the installation to `file` (default under DATA_DIR/backups); answers its manifest. */
export async function createBackup(
  target: BackupTarget,
  file = defaultBackupFile(target),
  options: { force?: boolean } = {},
): Promise<{ file: string; manifest: BackupManifest }> {
  const staging = await mkdtemp(path.join(tmpdir(), 'freight-backup-'));
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (target.databaseUrl) {
      await tool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(staging, PG_DUMP_FILE)}`,
        `--dbname=${target.databaseUrl}`,
      ]);
    } else {
      const dir = pgliteDir(target);
      if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dir}`);
      refuseOpenPglite(dir, options.force ?? false);
      const db = new PGlite(dir);
      try {
        await db.waitReady;
        // Uncompressed inside: the archive as a whole is gzipped.
        const dump = await db.dumpDataDir('none');
        await writeFile(path.join(staging, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }
    const uploads = path.join(target.dataDir, UPLOAD_DIR);
    let uploadCount: number | null = null;
    if (!target.s3) {
      uploadCount = await countFiles(uploads);
      if (uploadCount) await cp(uploads, path.join(staging, UPLOAD_DIR), { recursive: true });
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      kind,
      createdAt: new Date().toISOString(),
      uploads: uploadCount,
    };
    await writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const out = path.resolve(file);
    await mkdir(path.dirname(out), { recursive: true });
    // Written aside and renamed: a half-written archive never carries the final name.
    const partial = `${out}.partial`;
    await tool('tar', ['-czf', partial, '-C', staging, '.']);
    await rename(partial, out);
    return { file: out, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Reads the manifest of a backup archive without restoring it. */
async function unpack(file: string): Promise<{ dir: string; manifest: BackupManifest }> {
  if (!(await stat(file).catch(() => null))?.isFile()) throw new Error(`no backup file at ${file}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'freight-restore-'));
  try {
    await tool('tar', ['-xzf', file, '-C', dir]);
    const manifest = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT || manifest.version > BACKUP_VERSION)
      throw new Error(`${file} is not a backup this version can restore`);
    return { dir, manifest };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error instanceof SyntaxError ? new Error(`${file} has no readable manifest`) : error;
  }
}

/**
 * Restores a backup over the installation: the database (PostgreSQL: objects of the dump dropped and
 * recreated in one transaction; PGlite: the data directory replaced) and the uploads. The previous PGlite
 * directory and uploads are kept aside as `<name>.before-restore-<stamp>`; their paths are answered.
 */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ manifest: BackupManifest; keptAside: string[] }> {
  const { dir, manifest } = await unpack(path.resolve(file));
  const stamp = new Date().toISOString().replace(/[-:.]/g, '').replace('T', '-');
  const keptAside: string[] = [];
  try {
    const kind = target.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.kind !== kind)
      throw new Error(`the backup holds a ${manifest.kind} database; this installation runs ${kind}`);
    if (target.databaseUrl) {
      await tool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${target.databaseUrl}`,
        path.join(dir, PG_DUMP_FILE),
      ]);
    } else {
      const live = pgliteDir(target);
      refuseOpenPglite(live, options.force ?? false);
      // Loaded into a fresh directory first: a tarball that does not open leaves the live one untouched.
      const fresh = `${live}.restoring-${stamp}`;
      await mkdir(fresh, { recursive: true });
      const tarball = new Blob([await readFile(path.join(dir, PGLITE_FILE))]);
      const db = new PGlite(fresh, { loadDataDir: tarball });
      try {
        await db.waitReady;
        await db.query('select 1');
      } finally {
        await db.close();
      }
      if (existsSync(live)) {
        const aside = `${live}.before-restore-${stamp}`;
        await rename(live, aside);
        keptAside.push(aside);
      }
      await rename(fresh, live);
    }
    if (manifest.uploads !== null && !target.s3) {
      const uploads = path.join(target.dataDir, UPLOAD_DIR);
      if (existsSync(uploads)) {
        const aside = `${uploads}.before-restore-${stamp}`;
        await rename(uploads, aside);
        keptAside.push(aside);
      }
      const packed = path.join(dir, UPLOAD_DIR);
      if (existsSync(packed)) await cp(packed, uploads, { recursive: true });
      else await mkdir(uploads, { recursive: true });
    }
    return { manifest, keptAside };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
