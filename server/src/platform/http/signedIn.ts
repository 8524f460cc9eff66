import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/session.ts';
import { unauthorized } from './errors.ts';

/** The session of a request that needs a signed-in user: without one the call is refused as unauthorized. */
export function sessionOf(request: Pick<FastifyRequest, 'session'>): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}

/** The name of the user a request acts as (create_by, update_by, the logs), null when nobody is signed in. */
export function usernameOf(request: Pick<FastifyRequest, 'session'>): string | null {
  return request.session?.user.username ?? null;
}
