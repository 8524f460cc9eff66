import { categoryResource } from '@freight/contracts';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { containing, escapeLike } from '../../../platform/db/likePattern.ts';
import { ok, pageOf } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysCategory } from '../adminSchema.ts';
import { type CategoryRow, descendants, placeCategory, ROOT_PID, syncHasChild } from './tree.ts';

const node = (row: CategoryRow) => ({
  ...row,
  key: row.id,
  value: row.id,
  title: row.name,
  isLeaf: row.hasChild !== '1',
  leaf: row.hasChild !== '1',
});

/** Category tree (sys_category): lists by parent, generated codes, has_child kept in step, delete with subtree. */
export function categoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, categoryResource, sysCategory, {
    dataLog: true,
    async beforeWrite(values, mode, _request, tx) {
      const place = await placeCategory(tx, values, mode);
      if (mode === 'add') values.hasChild = '0';
      return { ...values, ...place };
    },
    unique: { key: 'code', message: '类型编码已存在!' },
    async afterWrite(row, _mode, tx) {
      await syncHasChild(tx, String(row.pid));
    },
    async beforeDelete(ids, tx) {
      const below = await descendants(tx, ids);
      if (below.length) await tx.delete(sysCategory).where(inArray(sysCategory.id, below));
    },
    async afterDelete(rows, tx) {
      for (const pid of new Set(rows.map((row) => String(row.pid)))) await syncHasChild(tx, pid);
    },
  });

  const list = 'system:category:list';
  r.get(
    '/sys/category/rootList',
    permitted(list, {
      querystring: z.object({
        pageNo: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(1000).default(10),
        name: z.string().max(100).optional(),
      }),
    }),
    async (request) => {
      const { pageNo, pageSize, name } = request.query;
      const where = and(
        eq(sysCategory.pid, ROOT_PID),
        name ? like(sysCategory.name, containing(name)) : undefined,
      );
      const all = await db.select().from(sysCategory).where(where).orderBy(asc(sysCategory.code));
      const records = all.slice((pageNo - 1) * pageSize, pageNo * pageSize).map(node);
      return ok(pageOf(records, all.length, { pageNo, pageSize }));
    },
  );
  /** The categories directly under `pid`, by code, as tree nodes. */
  const childrenOf = async (pid: string) =>
    (await db.select().from(sysCategory).where(eq(sysCategory.pid, pid)).orderBy(asc(sysCategory.code))).map(
      node,
    );
  r.get(
    '/sys/category/childList',
    permitted(list, { querystring: z.object({ pid: z.string().min(1).max(32) }) }),
    async (request) => ok(await childrenOf(request.query.pid)),
  );
  // Tree select of forms: the children of a code (or the roots), as tree nodes.
  r.get(
    '/sys/category/loadTreeRoot',
    {
      config: { access: 'login' },
      schema: {
        querystring: z.object({ pcode: z.string().max(100).optional(), async: z.string().optional() }),
      },
    },
    async (request) => {
      let pid = ROOT_PID;
      if (request.query.pcode && request.query.pcode !== ROOT_PID) {
        const [parent] = await db.select().from(sysCategory).where(eq(sysCategory.code, request.query.pcode));
        if (!parent) throw bizError('该编码不存在');
        pid = parent.id;
      }
      return ok(await childrenOf(pid));
    },
  );
  // Every category under a code (all of them for none or '0') as dictionary options of a form select.
  r.get(
    '/sys/category/loadAllData',
    {
      config: { access: 'login' },
      schema: { querystring: z.object({ code: z.string().max(100).optional() }) },
    },
    async (request) => {
      const code = request.query.code;
      const rows = await db
        .select({ id: sysCategory.id, name: sysCategory.name })
        .from(sysCategory)
        .where(code && code !== ROOT_PID ? like(sysCategory.code, `${escapeLike(code)}%`) : undefined)
        .orderBy(asc(sysCategory.code));
      return ok(rows.map((row) => ({ value: row.id, text: row.name })));
    },
  );
  r.get(
    '/sys/category/loadTreeChildren',
    { config: { access: 'login' }, schema: { querystring: z.object({ pid: z.string().min(1).max(32) }) } },
    async (request) => ok(await childrenOf(request.query.pid)),
  );
}
