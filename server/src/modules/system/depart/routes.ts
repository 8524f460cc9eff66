import { and, asc, eq, ilike, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { sysDepart, sysUserDepart } from '../schema.ts';
import { departsOf } from '../user/service.ts';
import { childOrgCode } from './orgCode.ts';

type DepartRow = typeof sysDepart.$inferSelect;
export interface DepartNode extends DepartRow {
  key: string;
  value: string;
  title: string;
  children?: DepartNode[];
}

function tree(rows: DepartRow[], rootIds?: Set<string>): DepartNode[] {
  const byParent = new Map<string | null, DepartRow[]>();
  for (const row of rows)
    byParent.set(row.parentId ?? null, [...(byParent.get(row.parentId ?? null) ?? []), row]);
  const build = (row: DepartRow): DepartNode => {
    const children = (byParent.get(row.id) ?? []).map(build);
    return {
      ...row,
      key: row.id,
      value: row.id,
      title: row.departName,
      ...(children.length ? { children } : {}),
    };
  };
  const roots = rootIds ? rows.filter((r) => rootIds.has(r.id)) : (byParent.get(null) ?? []);
  return roots.map(build);
}

const departBody = z.object({
  parentId: z.string().max(32).nullish(),
  departName: z.string().trim().min(1, '请输入机构名称').max(100),
  departNameEn: z.string().max(500).nullish(),
  departNameAbbr: z.string().max(500).nullish(),
  departOrder: z.coerce.number().int().optional(),
  description: z.string().max(2000).nullish(),
  orgCategory: z.enum(['1', '2', '3']).optional(),
  mobile: z.string().max(32).nullish(),
  fax: z.string().max(32).nullish(),
  address: z.string().max(100).nullish(),
  memo: z.string().max(500).nullish(),
});

export function departRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const live = eq(sysDepart.delFlag, 0);
  const all = () =>
    db.select().from(sysDepart).where(live).orderBy(asc(sysDepart.departOrder), asc(sysDepart.orgCode));

  r.get('/sys/sysDepart/queryTreeList', { config: { access: perm('system:depart:list') } }, async () =>
    ok(tree(await all())),
  );
  r.get('/sys/sysDepart/queryIdTree', { config: { access: 'login' } }, async () => {
    const strip = (
      nodes: DepartNode[],
    ): Array<{ key: string; value: string; title: string; children?: unknown[] }> =>
      nodes.map((n) => ({
        key: n.key,
        value: n.value,
        title: n.title,
        ...(n.children ? { children: strip(n.children) } : {}),
      }));
    return ok(strip(tree(await all())));
  });
  r.get(
    '/sys/sysDepart/searchBy',
    {
      config: { access: perm('system:depart:list') },
      schema: { querystring: z.object({ keyWord: z.string().max(100) }) },
    },
    async (request) => {
      const word = request.query.keyWord.replace(/[\\%_]/g, (c) => `\\${c}`);
      const rows = await db
        .select()
        .from(sysDepart)
        .where(and(live, ilike(sysDepart.departName, `%${word}%`)));
      return ok(rows.map((row) => ({ ...row, key: row.id, value: row.id, title: row.departName })));
    },
  );
  r.get('/sys/sysDepart/queryMyDeptTreeList', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const mine = await departsOf(db, request.session.user.id);
    if (!mine.length) return ok([]);
    const rows = await all();
    // Departments the user belongs to, each with everything below it.
    const rootIds = new Set(
      mine
        .filter((d) => !mine.some((o) => o.orgCode !== d.orgCode && d.orgCode.startsWith(o.orgCode)))
        .map((d) => d.id),
    );
    return ok(tree(rows, rootIds));
  });

  r.post(
    '/sys/sysDepart/add',
    { config: { access: perm('system:depart:add') }, schema: { body: departBody } },
    async (request) => {
      const body = request.body;
      const id = newId();
      await db.transaction(async (tx) => {
        let parentCode: string | null = null;
        if (body.parentId) {
          const [parent] = await tx
            .select()
            .from(sysDepart)
            .where(and(eq(sysDepart.id, body.parentId), live));
          if (!parent) throw bizError('上级部门不存在');
          parentCode = parent.orgCode;
        }
        const siblings = await tx
          .select({ orgCode: sysDepart.orgCode })
          .from(sysDepart)
          .where(parentCode ? like(sysDepart.orgCode, `${parentCode}___`) : undefined);
        const orgCode = childOrgCode(
          parentCode,
          siblings.map((s) => s.orgCode),
        );
        await tx.insert(sysDepart).values({
          ...body,
          id,
          parentId: body.parentId ?? null,
          orgCode,
          orgType: body.parentId ? '2' : '1',
          createBy: request.session?.user.username,
        });
      });
      return ok({ id }, '添加成功！');
    },
  );

  const editSchema = { body: departBody.extend({ id: z.string().min(1).max(32) }) };
  const edit = async (request: {
    body: z.infer<typeof editSchema.body>;
    session: { user: { username: string } } | null;
  }) => {
    const { id, parentId: _ignored, ...body } = request.body;
    // Moving a department would change its org code and every child's: not an edit.
    const updated = await db
      .update(sysDepart)
      .set({ ...body, updateBy: request.session?.user.username, updateTime: new Date() })
      .where(and(eq(sysDepart.id, id), live))
      .returning({ id: sysDepart.id });
    if (!updated.length) throw bizError('未找到对应数据');
    return okMessage('编辑成功!');
  };
  r.put('/sys/sysDepart/edit', { config: { access: perm('system:depart:edit') }, schema: editSchema }, edit);
  r.post('/sys/sysDepart/edit', { config: { access: perm('system:depart:edit') }, schema: editSchema }, edit);

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const children = await tx
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(and(live, inArray(sysDepart.parentId, ids)));
      if (children.some((c) => !ids.includes(c.id))) throw bizError('该部门下还有下级部门，不能删除');
      const members = await tx
        .select({ userId: sysUserDepart.userId })
        .from(sysUserDepart)
        .where(inArray(sysUserDepart.depId, ids))
        .limit(1);
      if (members.length) throw bizError('该部门下还有用户，不能删除');
      await tx.update(sysDepart).set({ delFlag: 1 }).where(inArray(sysDepart.id, ids));
    });
  };
  r.delete(
    '/sys/sysDepart/delete',
    {
      config: { access: perm('system:depart:delete') },
      schema: { querystring: z.object({ id: z.string().max(32) }) },
    },
    async (request) => {
      await remove([request.query.id]);
      return okMessage('删除成功!');
    },
  );
  r.delete(
    '/sys/sysDepart/deleteBatch',
    {
      config: { access: perm('system:depart:delete') },
      schema: { querystring: z.object({ ids: z.string().max(20_000) }) },
    },
    async (request) => {
      await remove(request.query.ids.split(',').filter(Boolean));
      return okMessage('批量删除成功!');
    },
  );
}
