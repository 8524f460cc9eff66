import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { okMessage } from '../http/envelope.ts';
import { recordNotFound } from '../http/errors.ts';
import { permitted } from '../http/permitted.ts';

type TableWithId = PgTable & { id: PgColumn };

/** Deletes the table's row of that id, refusing (record not found) when there is none. */
export async function deleteById(db: DbOrTx, table: TableWithId, id: string): Promise<void> {
  const deleted = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  if (!deleted.length) throw recordNotFound();
}

export interface DeleteByIdRoute {
  path: string;
  permission: string;
  /** What the operation log calls the deletion. */
  content: string;
  table: TableWithId;
}

/** `DELETE <path>?id=`: one row of the table through {@link deleteById}. */
export function registerDeleteByIdRoute(app: FastifyInstance, db: DbOrTx, route: DeleteByIdRoute): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .delete(
      route.path,
      permitted(
        route.permission,
        { querystring: z.object({ id: z.string().min(1).max(32) }) },
        { operateType: 4, content: route.content },
      ),
      async (request) => {
        await deleteById(db, route.table, request.query.id);
        return okMessage('删除成功!');
      },
    );
}
