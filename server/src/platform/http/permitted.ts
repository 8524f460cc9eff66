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
