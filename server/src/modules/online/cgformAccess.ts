// Who may use an online form beside its data routes (copies' lists, custom buttons): its synced definition,
// and the caller's hold of the form's code for an action (`online:<table>:<action>`) or of the designer's.
import { cgformPermission } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { grantsOf } from '../../platform/access/grants.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bizError, forbidden } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { CGFORM_DESIGN } from './cgformRoutes.ts';
import { type CgformSnapshot, onlCgformHead } from './cgformSchema.ts';

export interface SyncedForm {
  id: string;
  synced: CgformSnapshot;
}

/** The synced definition of a form, refused when it is missing or not synced yet. */
export async function syncedForm(db: DbOrTx, id: string): Promise<SyncedForm> {
  const [head] = await db
    .select({ id: onlCgformHead.id, synced: onlCgformHead.synced })
    .from(onlCgformHead)
    .where(eq(onlCgformHead.id, id));
  if (!head) throw bizError('表单不存在', 404);
  if (!head.synced) throw bizError('表单尚未同步数据库', 400);
  return { id: head.id, synced: head.synced };
}

/** The form, when the caller holds its `action` code or edits form designs. */
export async function formFor(
  db: DbOrTx,
  request: FastifyRequest,
  id: string,
  action: string,
): Promise<SyncedForm> {
  const session = sessionOf(request);
  const form = await syncedForm(db, id);
  const { codes } = await grantsOf(db, session.user.id);
  const code = `${cgformPermission(form.synced.head.tableName)}:${action}`;
  if (!codes.has(code) && !codes.has(`${CGFORM_DESIGN}:edit`)) throw forbidden();
  return form;
}
