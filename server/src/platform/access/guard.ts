import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordChangeDue } from '../auth/passwordAge.ts';
import { resolveSession, tokenOf } from '../auth/session.ts';
import type { Db } from '../db/client.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { accessOf } from './declare.ts';
import { accessDirectory } from './directory.ts';
import { grantsOf } from './grants.ts';

function tenantHeader(request: FastifyRequest): number {
  const raw = request.headers.tenant_id ?? request.headers['tenant-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  const n = Number.parseInt(value ?? '0', 10);
  return Number.isInteger(n) && n >= 0 ? n : -1;
}

/** Said to a session whose password must be changed first, on every route but the change itself. */
export const PASSWORD_CHANGE_FIRST = '请先修改密码后重新登录';

/**
 * Authenticates every request and enforces the route's declared access before any body is parsed. A session
 * whose password must be changed (initial or expired) reaches only routes that accept the change token (the
 * password change) and public ones (logout), however it signed in: password, phone, CAS, OIDC or
 * remember-me.
 */
export function installGuard(app: FastifyInstance, db: Db, options: { passwordMaxAgeDays: number }): void {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    const access = accessOf({ url: request.routeOptions.url ?? '', config: request.routeOptions.config });
    if (!access) return; // unknown route: the not-found handler answers
    const token = tokenOf(request);
    if (token) {
      let found = await resolveSession(db, token);
      const scope = request.routeOptions.config?.tokenScope;
      // Scoped tokens are looked up only for a route that opts in: every other route answers 401 to them.
      if (!found && scope) found = await accessDirectory().scopedSession(db, token, scope);
      if (found) {
        const tenantId = tenantHeader(request);
        // The header is the client's word: a tenant the user does not belong to is refused, never trusted.
        if (access !== 'public' && !found.user.tenantIds.includes(tenantId))
          throw forbidden('无权访问该租户的数据');
        if (access !== 'public' && tenantId > 0 && !(await accessDirectory().tenantUsable(db, tenantId)))
          throw forbidden('该租户已被冻结或不在有效期内');
        if (
          access !== 'public' &&
          !scope &&
          found.passwordChangedAt !== undefined &&
          passwordChangeDue(found.passwordChangedAt, options.passwordMaxAgeDays)
        )
          throw unauthorized(PASSWORD_CHANGE_FIRST);
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
