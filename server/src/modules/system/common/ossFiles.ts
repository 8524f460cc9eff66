import { mimeTypeOf, ossFileResource } from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../../platform/access/grants.ts';
import type { AppContext } from '../../../platform/context.ts';
import { okMessage } from '../../../platform/http/envelope.ts';
import { recordNotFound } from '../../../platform/http/errors.ts';
import { forSignedIn } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysFile } from '../adminSchema.ts';

/**
 * 对象存储: the list of uploaded files (sys_file) through its declaration, and their delete, which removes the
 * stored file as well. Reading goes through the signed links of `/sys/common/signUrl`.
 */
export function ossFileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const files = bindResource(app, ctx, ossFileResource, sysFile, {
    presentRows(rows) {
      for (const row of rows) row.mimeType = mimeTypeOf(String(row.path ?? ''));
      return rows;
    },
  });

  app.withTypeProvider<ZodTypeProvider>().delete(
    '/sys/oss/file/delete',
    // The owner deletes an upload of their own; anybody else needs the delete button's code.
    forSignedIn(
      { querystring: z.object({ path: z.string().trim().min(1).max(255) }) },
      { operateType: 4, content: '删除文件' },
    ),
    async (request) => {
      const session = sessionOf(request);
      const filePath = request.query.path;
      const [own] = await db
        .select({ path: sysFile.path })
        .from(sysFile)
        .where(and(eq(sysFile.path, filePath), eq(sysFile.uploaderId, session.user.id)));
      if (!own) {
        const grants = await grantsOf(db, session.user.id);
        // Without the code, or outside the caller's scope (another party's file), it answers as missing.
        if (!grants.codes.has('system:oss:delete')) throw recordNotFound();
        // A party user with the code still deletes only the files of their own party.
        const scope = await files.whereFor(request, {});
        const [inScope] = await db
          .select({ path: sysFile.path })
          .from(sysFile)
          .where(and(scope, eq(sysFile.path, filePath)));
        if (!inScope) throw recordNotFound();
      }
      await db.delete(sysFile).where(eq(sysFile.path, filePath));
      await ctx.storage.remove(filePath);
      return okMessage('删除成功!');
    },
  );
}
