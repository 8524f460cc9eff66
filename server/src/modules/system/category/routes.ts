import { categoryResource } from '@freight/contracts';
import { and, asc, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { containing, escapeLike } from '../../../platform/db/likePattern.ts';
import { ok, pageOf } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysCategory } from '../adminSchema.ts';
import { childOrgCode } from '../depart/orgCode.ts';

export const ROOT_PID = '0';

type CategoryRow = typeof sysCategory.$inferSelect;

async function syncHasChild(tx: DbOrTx, pid: string): Promise<void> {
  if (pid === ROOT_PID) return;
  const [child] = await idsWhere(tx, sysCategory, eq(sysCategory.pid, pid)).limit(1);
  await tx
    .update(sysCategory)
    .set({ hasChild: child ? '1' : '0' })
    .where(eq(sysCategory.id, pid));
}

/** Ids of the rows below `ids` (any depth). */
async function descendants(tx: DbOrTx, ids: string[]): Promise<string[]> {
  const out: string[] = [];
  let level = ids;
  for (let depth = 0; level.length && depth < 20; depth++) {
    const rows = await idsWhere(tx, sysCategory, inArray(sysCategory.pid, level));
    level = rows.map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id));
    out.push(...level);
  }
  return out;
}

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
      if (mode === 'edit') {
        // Moving a node would invalidate the codes below it: the parent stays.
        const [existing] = await tx
          .select()
          .from(sysCategory)
          .where(eq(sysCategory.id, String(values.id)));
        values.pid = existing?.pid ?? ROOT_PID;
        values.code = values.code || existing?.code;
      } else {
        values.pid = values.pid || ROOT_PID;
        values.hasChild = '0';
      }
      const pid = String(values.pid);
      let parentCode: string | null = null;
      if (pid !== ROOT_PID) {
        const [parent] = await tx.select().from(sysCategory).where(eq(sysCategory.id, pid));
        if (!parent) throw bizError('父级节点不存在');
        parentCode = parent.code;
      }
      if (!values.code) {
        const siblings = await tx
          .select({ code: sysCategory.code })
          .from(sysCategory)
          .where(like(sysCategory.code, `${escapeLike(parentCode ?? '')}___`));
        values.code = childOrgCode(
          parentCode,
          siblings.map((s) => s.code),
        );
      }
      return values;
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
