import { z } from 'zod';

type Row = Record<string, unknown>;

/**
 * A resource's add and edit schemas from its form body: the body itself, and the body with the row's id, typed
 * as the generic routes read them (bindResource's createSchema and updateSchema).
 */
export function formSchemas<S extends z.ZodRawShape>(body: z.ZodObject<S>) {
  return {
    createSchema: body satisfies z.ZodType<Row>,
    updateSchema: body.extend({ id: z.string().min(1).max(32) }) as unknown as z.ZodType<
      Row & { id: string }
    >,
  };
}
