import type { FastifyInstance, FastifyRequest } from 'fastify';
// Scoped tokens are stored by the auth module; the guard only asks it when a route opts in.
import { resolveScopedSession } from '../../modules/system/auth/scopedToken.ts';
// A frozen tenant is refused: its status lives in the system module's tenant table.
import { usableTenants } from '../../modules/system/tenant/service.ts';
import { resolveSession, tokenOf } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { accessOf } from './declare.ts';
import { grantsOf } from './grants.ts';

function tenantHeader(request: FastifyRequest): number {
  const raw = request.headers.tenant_id ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = Number.parseInt(value ?? '0', 10);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

/** Authenticates every request and enforces the route's declared access before any body is parsed. */
export function installGuard(app: FastifyInstance, db: Db): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf({ url: request.routeOptions.url ?? '', config: request.routeOptions.config });
    if (!access) return; // unknown route: the not-found handler answers
    const token = tokenOf(request);
    if (token) {
      let found = await resolveSession(db, token);
      const scope = request.routeOptions.config?.tokenScope;
      if (!found && scope) found = await resolveScopedSession(db, token, scope);
      if (found) {
        const tenantId = tenantHeader(request);
        // A tenant the user does not belong to is refused, never trusted (reference issues #2598, #6782).
        if (access !== 'public' && !found.user.tenantIds.includes(tenantId))
          throw forbidden('无权访问该租户的数据');
        if (access !== 'public' && tenantId > 0 && !(await usableTenants(db, [tenantId])).has(tenantId))
          throw forbidden('该租户已被冻结或不在有效期内');
        request.session = { ...found, tenantId: Math.max(tenantId, 0) };
      }
    }
    if (access === 'public') return;
    if (!request.session) throw unauthorized();
    if (typeof access === 'object') {
      const grants = await grantsOf(db, request.session.user.id);
      if (!grants.codes.has(access.perm)) throw forbidden();
    }
  });
}
