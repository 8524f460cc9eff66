import { USER_TYPE } from '@freight/contracts';
import { eq, inArray } from 'drizzle-orm';
import { randomToken } from '../../../platform/auth/crypto.ts';
import type { Session } from '../../../platform/auth/session.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { formatDateTime } from '../../../platform/http/envelope.ts';
import { sysFile } from '../adminSchema.ts';

/** Folders every signed-in user may read (a user's picture shows wherever the user does). */
const SHARED_BIZ = new Set(['avatar']);

/** A random stored name below `biz/day/`: nothing in it can be guessed from the record or the upload. */
export function randomStoredName(biz: string, ext: string, now = new Date()): string {
  const day = formatDateTime(now).slice(0, 10).replaceAll('-', '');
  return `${biz}/${day}/${randomToken(18)}.${ext}`;
}

export interface FileOwner {
  uploaderId: string | null;
  uploaderType: number | null;
  partyId: string | null;
  tenantId?: number;
}

export const ownerOfSession = (session: Session): FileOwner => ({
  uploaderId: session.user.id,
  uploaderType: session.user.userType,
  partyId: session.user.userType === USER_TYPE.system ? null : session.user.cid,
  tenantId: session.tenantId,
});

export async function recordFile(
  db: DbOrTx,
  file: { path: string; biz: string; originalName?: string | null },
  owner: FileOwner,
): Promise<void> {
  await db.insert(sysFile).values({
    path: file.path,
    biz: file.biz,
    originalName: file.originalName?.slice(0, 255) ?? null,
    uploaderId: owner.uploaderId,
    uploaderType: owner.uploaderType,
    partyId: owner.partyId,
    tenantId: owner.tenantId ?? 0,
  });
}

/** The names files were uploaded under, by stored path (a path without a record or name is left out). */
export async function originalFileNames(db: DbOrTx, paths: string[]): Promise<Map<string, string>> {
  if (paths.length === 0) return new Map();
  const rows = await db
    .select({ path: sysFile.path, name: sysFile.originalName })
    .from(sysFile)
    .where(inArray(sysFile.path, paths));
  return new Map(rows.filter((r) => r.name).map((r) => [r.path, r.name as string]));
}

/**
 * Whether the session may read a stored file: platform staff always; anybody else a file they uploaded, a
 * file of their own party, or a shared one (avatars). A file with no record (written before uploads were
 * recorded, or by the seed) is for platform staff only.
 */
export async function mayReadFile(db: DbOrTx, session: Session, filePath: string): Promise<boolean> {
  if (session.user.userType === USER_TYPE.system) return true;
  const [file] = await db.select().from(sysFile).where(eq(sysFile.path, filePath)).limit(1);
  if (!file) return false;
  if (SHARED_BIZ.has(file.biz.split('/')[0])) return true;
  if (file.uploaderId === session.user.id) return true;
  return !!file.partyId && file.partyId === session.user.cid;
}
