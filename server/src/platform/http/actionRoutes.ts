import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access, AuditOptions } from '../access/declare.ts';
import { ok } from './envelope.ts';

/** An action route: who may take it, what the audit log calls it, and the body its schema checks. */
export interface ActionDecl<B extends z.ZodType> {
  access: Access;
  audit?: AuditOptions;
  body: B;
}

/**
 * A POST action: the body checked by the route's schema, `act` run with it, and its answer enveloped with the
 * message `say` words from the answer (and the input).
 */
export function registerActionRoute<B extends z.ZodType, T>(
  app: FastifyInstance,
  path: string,
  decl: ActionDecl<B>,
  act: (request: FastifyRequest, input: z.output<B>) => Promise<T>,
  say: (answer: T, input: z.output<B>) => string,
): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      path,
      { config: { access: decl.access, audit: decl.audit }, schema: { body: decl.body } },
      async (request) => {
        // The provider types the body of a generic schema only as unknown; the schema has parsed it as B.
        const input = request.body as z.output<B>;
        const answer = await act(request, input);
        return ok(answer, say(answer, input));
      },
    );
}
