import { accessDirectory } from '../access/directory.ts';
import type { Db } from '../db/client.ts';

/** Org codes of the user's departments, from the module that owns departments. */
export function departOrgCodes(db: Db, userId: string): Promise<string[]> {
  return accessDirectory().orgCodes(db, userId);
}
