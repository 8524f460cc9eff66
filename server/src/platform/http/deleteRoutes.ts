import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../access/declare.ts';
import { okMessage } from './envelope.ts';
import { bizError } from './errors.ts';

export interface DeleteRoutes {
  access: Access;
  /** The refusal of a batch that names no id. */
  noneChosen: string;
  /** Removes the rows (one or many), refusing with a message when it may not. */
  remove: (ids: string[]) => Promise<void>;
}

/**
 * The reference console's `<base>/delete?id=` and `<base>/deleteBatch?ids=a,b` through one remover: the
 * batch's ids are split on commas, blanks dropped, each taken once.
 */
export function registerDeleteRoutes(app: FastifyInstance, base: string, routes: DeleteRoutes): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: routes.access };
  r.delete(
    `${base}/delete`,
    { config, schema: { querystring: z.object({ id: z.string().max(32) }) } },
    async (request) => {
      await routes.remove([request.query.id]);
      return okMessage('删除成功!');
    },
  );
  r.delete(
    `${base}/deleteBatch`,
    { config, schema: { querystring: z.object({ ids: z.string().max(20_000) }) } },
    async (request) => {
      const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
      if (ids.length === 0) throw bizError(routes.noneChosen);
      await routes.remove(ids);
      return okMessage('批量删除成功!');
    },
  );
}
