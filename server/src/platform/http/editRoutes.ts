import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Access } from '../access/declare.ts';

/** What an edit handler reads of its request: the checked body and who sends it. */
export interface EditRequest<B> {
  body: B;
  session: FastifyRequest['session'];
}

/** The reference console sends an edit as PUT or as POST: both reach one handler with the checked body. */
export function registerEditRoutes<B extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  access: Access,
  body: B,
  edit: (request: EditRequest<z.output<B>>) => Promise<unknown>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const method of ['put', 'post'] as const)
    r[method](path, { config: { access }, schema: { body } }, (request) =>
      // The route's schema checked the body; the provider cannot name its type for a generic schema.
      edit({ body: request.body as z.output<B>, session: request.session }),
    );
}
