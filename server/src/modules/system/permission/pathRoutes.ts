import { eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { sysPermission } from '../schema.ts';
import { MENU_TYPE } from './menuTree.ts';

const pathQuery = z.object({ path: z.string().trim().min(1).max(255) });

/**
 * Whether a path is a screen of the menu at all, for a signed-in user whose own menu does not route it: the
 * console answers 403 inside the layout for a screen they lack and 404 for no screen. Says nothing of who
 * may open it.
 */
export function pathRoutes(app: FastifyInstance, ctx: AppContext): void {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/sys/permission/pathExists',
      { config: { access: 'login' }, schema: { querystring: pathQuery } },
      async (request) => {
        const [found] = await idsWhere(
          ctx.db,
          sysPermission,
          eq(sysPermission.url, request.query.path),
          eq(sysPermission.delFlag, 0),
          ne(sysPermission.menuType, MENU_TYPE.button), // A route-less menu (spec route flag "0") is a menu entry, not a screen: its path is a 404.
          eq(sysPermission.route, true),
        ).limit(1);
        return ok({ exists: Boolean(found) });
      },
    );
}
