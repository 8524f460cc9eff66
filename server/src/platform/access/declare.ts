import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';

/**
 * What a route needs: `public` (no token), `login` (any signed-in user), or a permission code
 * (`{ perm: 'system:user:list' }`). Every route must say which; app start fails otherwise.
 */
export type Access = 'public' | 'login' | { perm: string };

export interface AuditOptions {
  /** 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export (sys_log.operate_type). */
  operateType?: number;
  content?: string;
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's declared request schemas (zod), for tests that walk every route's input. */
  schema: Pick<FastifySchema, 'body' | 'querystring' | 'params'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, for the route-table check. */
    routeTable: RouteEntry[];
  }
  interface FastifyContextConfig {
    access?: Access;
    /** false: never audit this route (e.g. login, which writes its own login log). */
    audit?: AuditOptions | false;
    /** A restricted token this route also accepts (the password-change token of a 406 login). */
    tokenScope?: string;
  }
}

export const perm = (code: string): Access => ({ perm: code });

/** Routes added by plugins we do not write (OpenAPI UI, static files) and what they need. */
const pluginRouteAccess: Array<{ prefix: string; access: Access }> = [];

export function allowPluginRoutes(prefix: string, access: Access): void {
  pluginRouteAccess.push({ prefix, access });
}

export function accessOf(route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined {
  const declared = (route.config as { access?: Access } | undefined)?.access;
  if (declared) return declared;
  return pluginRouteAccess.find((p) => route.url.startsWith(p.prefix))?.access;
}

/** Refuses to start an app with an undeclared route: a forgotten guard is a defect, not a default. */
export function requireAccessDeclarations(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (m) => m !== 'HEAD' && m !== 'OPTIONS',
    );
    if (methods.length === 0) return;
    const access = accessOf(route);
    if (!access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no access (public, login or a permission)`,
      );
    }
    const { body, querystring, params } = route.schema ?? {};
    for (const method of methods)
      table.push({ method, url: route.url, access, schema: { body, querystring, params } });
  });
}
