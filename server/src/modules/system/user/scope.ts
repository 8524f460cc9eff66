import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { recordNotFound } from '../../../platform/http/errors.ts';
import type { ResourceHandle } from '../../../platform/resource/defineResource.ts';
import { sysUser } from '../schema.ts';

// The user resource's scope (soft delete and the data rules of `system/UserList`), so the screen's other
// actions (freeze, password reset) reach exactly the users its list shows, as edit and delete do.
const handles = new WeakMap<FastifyInstance, ResourceHandle>();

export function rememberUserResource(app: FastifyInstance, handle: ResourceHandle): void {
  handles.set(app, handle);
}

/** The condition on `sys_user` that keeps a query to the users the caller's user screen shows. */
export async function userScope(
  app: FastifyInstance,
  request: FastifyRequest,
  options: { deleted?: boolean } = {},
): Promise<SQL | undefined> {
  const handle = handles.get(app);
  if (!handle) throw new Error('user resource not registered');
  return handle.whereFor(request, {}, options);
}

/** The asked-for users (by ids or one account name), refused when any of them is outside the caller's scope. */
export async function usersInScope(
  app: FastifyInstance,
  db: DbOrTx,
  request: FastifyRequest,
  target: { ids: string[] } | { username: string },
): Promise<Array<{ id: string; username: string }>> {
  const handle = handles.get(app);
  if (!handle) throw new Error('user resource not registered');
  const scope = await handle.whereFor(request, {});
  const wanted = 'ids' in target ? target.ids.length : 1;
  const rows = await db
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(
      and(scope, 'ids' in target ? inArray(sysUser.id, target.ids) : eq(sysUser.username, target.username)),
    );
  if (rows.length < wanted || wanted === 0) throw recordNotFound();
  return rows;
}
