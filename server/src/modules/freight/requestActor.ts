import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../platform/http/signedIn.ts';
import type { Actor } from './noteTransitions.ts';

/** Who sends a request: the signed-in user of its session (a request without one is refused). */
export function actorOf(request: FastifyRequest): Actor {
  const session = sessionOf(request);
  return {
    username: session.user.username,
    userType: session.user.userType,
    cid: session.user.cid,
    tenantId: session.tenantId,
  };
}
