import type { PermissionEntry, PermissionResult } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { grantsOf, type UserGrants } from '../../../platform/access/grants.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { unauthorized } from '../../../platform/http/errors.ts';
import { sysPermission } from '../schema.ts';
import { buildMenuTree, buttonEntry, MENU_TYPE } from './menuTree.ts';

// The menu result is derived from the grants; it lives exactly as long as the grants object it came from.
const resultCache = new WeakMap<UserGrants, Promise<PermissionResult>>();
let allAuthCache: { at: number; value: Promise<PermissionEntry[]> } | null = null;
const ALL_AUTH_TTL_MS = 15_000;

export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  function allAuth(): Promise<PermissionEntry[]> {
    if (allAuthCache && Date.now() - allAuthCache.at < ALL_AUTH_TTL_MS) return allAuthCache.value;
    const value = db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.menuType, MENU_TYPE.button))
      .then((rows) => rows.filter((p) => p.delFlag === 0 && p.perms).map((p) => buttonEntry(p, true)));
    allAuthCache = { at: Date.now(), value };
    return value;
  }

  async function build(grants: UserGrants): Promise<PermissionResult> {
    const auth = grants.permissions
      .filter((p) => p.menuType === MENU_TYPE.button && p.perms && p.status === '1')
      .map((p) => buttonEntry(p, false));
    return {
      menu: buildMenuTree(grants.permissions),
      auth,
      allAuth: await allAuth(),
      codes: [...grants.codes],
    };
  }

  app.get('/sys/permission/getUserPermissionByToken', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const grants = await grantsOf(db, request.session.user.id);
    let result = resultCache.get(grants);
    if (!result) {
      result = build(grants);
      resultCache.set(grants, result);
    }
    return ok(await result);
  });
}

export function invalidateAllAuth(): void {
  allAuthCache = null;
}
