import type { FastifySchema } from 'fastify';
import { type AuditOptions, perm } from '../access/declare.ts';

/**
 * The options of a route that needs one permission: its access declaration, its checked input and, where
 * the operation log should name it differently or skip it, its audit. The schema keeps its type, so the
 * typed router still reads the request's shape from it.
 */
export function permitted<S extends FastifySchema>(code: string, schema: S, audit?: AuditOptions | false) {
  return { config: { access: perm(code), audit }, schema };
}

/** The options of a route any signed-in user may call (on their own data), with its checked input and audit. */
export function forSignedIn<S extends FastifySchema>(schema: S, audit?: AuditOptions | false) {
  return { config: { access: 'login' as const, audit }, schema };
}
