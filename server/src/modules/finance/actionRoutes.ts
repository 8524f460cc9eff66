import { USER_TYPE } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AuditOptions, perm } from '../../platform/access/declare.ts';
import { registerActionRoute } from '../../platform/http/actionRoutes.ts';
import { ok } from '../../platform/http/envelope.ts';
import { recordNotFound } from '../../platform/http/errors.ts';
import { actorOf } from '../freight/index.ts';
import type { FinActor } from './context.ts';

/** The signed-in user as finance sees it: who, which party, which tenant, and the user id approvals name. */
export function finActorOf(request: FastifyRequest): FinActor {
  const actor = actorOf(request);
  return { ...actor, userId: request.session?.user.id ?? null };
}

/** The query of a route reading one record: `?id=`. */
export const idQuery = z.object({ id: z.string().min(1).max(32) });

/** The envelope's message of an answer that words its own. */
export const ownMessage = (answer: { message: string }) => answer.message;

/**
 * A finance action: a POST under a permission whose body the schema checks, the service `act` run for the
 * signed-in user, and its answer enveloped with the message `say` words from it.
 */
export function financeAction<B extends z.ZodType, T>(
  app: FastifyInstance,
  path: string,
  permission: string,
  body: B,
  act: (actor: FinActor, input: z.output<B>) => Promise<T>,
  say: (answer: T, input: z.output<B>) => string,
  audit?: AuditOptions,
): void {
  registerActionRoute(
    app,
    path,
    { access: perm(permission), audit, body },
    (request, input) => act(finActorOf(request), input),
    say,
  );
}

/**
 * A part of a waybill's money in its detail drawer (`GET <path>?id=`): platform staff only, like the rest of
 * its money; anyone else is answered as if the waybill did not exist.
 */
export function noteMoneyRoute<T>(
  app: FastifyInstance,
  path: string,
  read: (actor: FinActor, noteId: string) => Promise<T>,
): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    path,
    {
      config: { access: perm('shipping:note:list') },
      schema: { querystring: idQuery },
    },
    async (request) => {
      const actor = finActorOf(request);
      if (actor.userType !== USER_TYPE.system) throw recordNotFound();
      return ok(await read(actor, request.query.id));
    },
  );
}

/** A finance read: a GET under a permission whose query the schema checks, answered for the signed-in user. */
export function financeRead<Q extends z.ZodType, T>(
  app: FastifyInstance,
  path: string,
  permission: string,
  querystring: Q,
  read: (actor: FinActor, query: z.output<Q>) => Promise<T>,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(path, { config: { access: perm(permission) }, schema: { querystring } }, async (request) =>
      // The provider types the query of a generic schema only as unknown; the schema has parsed it as Q.
      ok(await read(finActorOf(request), request.query as z.output<Q>)),
    );
}
