import { eq } from 'drizzle-orm';
import { sysDepart, sysUserDepart } from '../../modules/system/schema.ts';
import type { Db } from '../db/client.ts';

export async function departOrgCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ orgCode: sysDepart.orgCode })
    .from(sysUserDepart)
    .innerJoin(sysDepart, eq(sysDepart.id, sysUserDepart.depId))
    .where(eq(sysUserDepart.userId, userId));
  return rows.map((r) => r.orgCode);
}
