import { pageQuery } from '@freight/contracts';
import { asc, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { selectPage } from '../../platform/db/selectPage.ts';
import { ok, pageOf } from '../../platform/http/envelope.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sysGatewayRoute } from './adminSchema.ts';
import { sysPermission, sysRole, sysUser } from './schema.ts';
import { userScope } from './user/scope.ts';

const userColumns = {
  id: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  orgCode: sysUser.orgCode,
  userType: sysUser.userType,
  status: sysUser.status,
  createTime: sysUser.createTime,
};

const permissionColumns = {
  id: sysPermission.id,
  parentId: sysPermission.parentId,
  name: sysPermission.name,
  url: sysPermission.url,
  component: sysPermission.component,
  menuType: sysPermission.menuType,
  perms: sysPermission.perms,
  sortNo: sysPermission.sortNo,
  hidden: sysPermission.hidden,
  status: sysPermission.status,
};

export interface ServiceRow {
  /** `module`: a group of this server's routes under one first path segment; `gateway`: a proxied route. */
  kind: 'module' | 'gateway';
  name: string;
  /** The module's path prefix, or the gateway route's target. */
  uri: string;
  routes: number;
  status: number;
}

/**
 * The named calls of the reference console's api.js: `/api/user`, `/api/role`, `/api/service`,
 * `/api/permission` (paged) and `/api/permission/no-pager`, answered with this product's own users, roles,
 * services and permissions behind the list permission of the matching screen.
 */
export function namedApiRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, config } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const paged = { querystring: pageQuery };

  r.get('/api/user', permitted('system:user:list', paged), async (request) => {
    const { pageNo, pageSize } = request.query;
    // The users the user screen shows the caller: soft delete, tenant and data rules included.
    const where = await userScope(app, request);
    return ok(
      await selectPage(
        { pageNo, pageSize },
        db.select(userColumns).from(sysUser).where(where).orderBy(desc(sysUser.createTime), asc(sysUser.id)),
        db.select({ total: count() }).from(sysUser).where(where),
      ),
    );
  });

  r.get('/api/role', permitted('system:role:list', paged), async (request) => {
    const { pageNo, pageSize } = request.query;
    return ok(
      await selectPage(
        { pageNo, pageSize },
        db
          .select({
            id: sysRole.id,
            roleName: sysRole.roleName,
            roleCode: sysRole.roleCode,
            description: sysRole.description,
            createTime: sysRole.createTime,
          })
          .from(sysRole)
          .orderBy(desc(sysRole.createTime), asc(sysRole.id)),
        db.select({ total: count() }).from(sysRole),
      ),
    );
  });

  r.get('/api/service', permitted('system:gateway:list', paged), async (request) => {
    const { pageNo, pageSize } = request.query;
    const records = [...moduleServices(app, config.basePath), ...(await gatewayServices())];
    const start = (pageNo - 1) * pageSize;
    return ok(pageOf(records.slice(start, start + pageSize), records.length, { pageNo, pageSize }));
  });

  async function gatewayServices(): Promise<ServiceRow[]> {
    const rows = await db
      .select({
        name: sysGatewayRoute.name,
        uri: sysGatewayRoute.uri,
        status: sysGatewayRoute.status,
      })
      .from(sysGatewayRoute)
      .orderBy(asc(sysGatewayRoute.routerId));
    return rows.map((row) => ({
      kind: 'gateway',
      name: row.name,
      uri: row.uri,
      routes: 1,
      status: row.status,
    }));
  }

  const livePermissions = eq(sysPermission.delFlag, 0);
  const permissionOrder = [asc(sysPermission.sortNo), asc(sysPermission.id)];

  r.get('/api/permission', permitted('system:permission:list', paged), async (request) => {
    const { pageNo, pageSize } = request.query;
    return ok(
      await selectPage(
        { pageNo, pageSize },
        db
          .select(permissionColumns)
          .from(sysPermission)
          .where(livePermissions)
          .orderBy(...permissionOrder),
        db.select({ total: count() }).from(sysPermission).where(livePermissions),
      ),
    );
  });

  r.get('/api/permission/no-pager', { config: { access: perm('system:permission:list') } }, async () =>
    ok(
      await db
        .select(permissionColumns)
        .from(sysPermission)
        .where(livePermissions)
        .orderBy(...permissionOrder),
    ),
  );
}

/** The server's own route groups (first path segment under the API base), with their route counts. */
function moduleServices(app: FastifyInstance, basePath: string): ServiceRow[] {
  const groups = new Map<string, number>();
  for (const route of app.routeTable) {
    if (!route.url.startsWith(`${basePath}/`)) continue;
    const segment = route.url.slice(basePath.length + 1).split('/')[0];
    if (!segment || segment.startsWith(':') || segment === '*') continue;
    groups.set(segment, (groups.get(segment) ?? 0) + 1);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([segment, routes]) => ({
      kind: 'module',
      name: segment,
      uri: `${basePath}/${segment}`,
      routes,
      status: 1,
    }));
}
