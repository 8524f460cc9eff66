import { ACCESS_MSG, departBody } from '@freight/contracts';
import { and, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { escapeLike } from '../../../platform/db/likePattern.ts';
import { registerDeleteRoutes } from '../../../platform/http/deleteRoutes.ts';
import { registerEditRoutes } from '../../../platform/http/editRoutes.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { sysDepart, sysUserDepart } from '../schema.ts';
import { nodesToRemove } from '../treeRemoval.ts';
import { departsOf } from '../user/service.ts';
import { departGrantRoutes } from './grantRoutes.ts';
import { departRoleRoutes } from './roleRoutes.ts';
import { sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './schema.ts';
import { addDepart, type DepartNode, departTree, liveDepart, liveDeparts } from './service.ts';
import { departTransferRoutes } from './transfer.ts';

/** Departments (reference /sys/sysDepart): a tree with generated org codes, its grants and its roles. */
export function departRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const live = liveDepart;

  r.get('/sys/sysDepart/queryTreeList', { config: { access: perm('system:depart:list') } }, async () =>
    ok(departTree(await liveDeparts(db))),
  );
  r.get('/sys/sysDepart/queryIdTree', { config: { access: 'login' } }, async () => {
    const strip = (
      nodes: DepartNode[],
    ): Array<{ key: string; value: string; title: string; orgCode: string; children?: unknown[] }> =>
      nodes.map((n) => ({
        key: n.key,
        value: n.value,
        title: n.title,
        orgCode: n.orgCode,
        ...(n.children ? { children: strip(n.children) } : {}),
      }));
    return ok(strip(departTree(await liveDeparts(db))));
  });
  // The reference console's lazy department tree: the children of one department (the roots without pid).
  r.get(
    '/sys/sysDepart/queryDepartTreeSync',
    {
      config: { access: 'login' },
      schema: { querystring: z.object({ pid: z.string().max(32).optional() }) },
    },
    async (request) => {
      const rows = await liveDeparts(db);
      const pid = request.query.pid || null;
      const parents = new Set(rows.map((row) => row.parentId));
      return ok(
        departTree(
          rows,
          new Set(rows.filter((row) => (row.parentId ?? null) === pid).map((row) => row.id)),
        ).map(({ children: _children, ...node }) => ({ ...node, isLeaf: !parents.has(node.id) })),
      );
    },
  );
  r.get(
    '/sys/sysDepart/searchBy',
    permitted('system:depart:list', { querystring: z.object({ keyWord: z.string().max(100) }) }),
    async (request) => {
      const word = escapeLike(request.query.keyWord.trim());
      const rows = await db
        .select()
        .from(sysDepart)
        .where(and(live, ilike(sysDepart.departName, `%${word}%`)))
        .orderBy(sysDepart.orgCode)
        .limit(500);
      return ok(rows.map((row) => ({ ...row, key: row.id, value: row.id, title: row.departName })));
    },
  );
  r.get('/sys/sysDepart/queryMyDeptTreeList', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const mine = await departsOf(db, request.session.user.id);
    if (!mine.length) return ok([]);
    const rows = await liveDeparts(db);
    // Departments the user belongs to, each with everything below it.
    const rootIds = new Set(
      mine
        .filter((d) => !mine.some((o) => o.orgCode !== d.orgCode && d.orgCode.startsWith(o.orgCode)))
        .map((d) => d.id),
    );
    return ok(departTree(rows, rootIds));
  });
  r.get(
    '/sys/sysDepart/queryById',
    permitted('system:depart:list', { querystring: z.object({ id: z.string().max(32) }) }),
    async (request) => {
      const [row] = await db
        .select()
        .from(sysDepart)
        .where(and(eq(sysDepart.id, request.query.id), live));
      if (!row) throw recordNotFound();
      return ok(row);
    },
  );

  r.post('/sys/sysDepart/add', permitted('system:depart:add', { body: departBody }), async (request) => {
    const added = await db.transaction((tx) => addDepart(tx, request.body, request.session?.user.username));
    return ok(added, '添加成功！');
  });

  const editBody = departBody.extend({ id: z.string().min(1).max(32) });
  registerEditRoutes(app, '/sys/sysDepart/edit', perm('system:depart:edit'), editBody, async (request) => {
    const { id, parentId: _ignored, ...body } = request.body;
    // Moving a department would change its org code and every child's: not an edit.
    const updated = await db
      .update(sysDepart)
      .set({ ...body, updateBy: request.session?.user.username, updateTime: new Date() })
      .where(and(eq(sysDepart.id, id), live))
      .returning({ id: sysDepart.id });
    if (!updated.length) throw recordNotFound();
    return okMessage('编辑成功!');
  });

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      await nodesToRemove(tx, sysDepart, live, ids, ACCESS_MSG.departHasChildren);
      const members = await tx
        .select({ userId: sysUserDepart.userId })
        .from(sysUserDepart)
        .where(inArray(sysUserDepart.depId, ids))
        .limit(1);
      if (members.length) throw bizError(ACCESS_MSG.departHasUsers);
      await tx.update(sysDepart).set({ delFlag: 1 }).where(inArray(sysDepart.id, ids));
      // Its grants and roles go with it.
      const roles = idsWhere(tx, sysDepartRole, inArray(sysDepartRole.departId, ids));
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roles));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.departId, ids));
      await tx.delete(sysDepartRole).where(inArray(sysDepartRole.departId, ids));
      await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.departId, ids));
    });
    invalidateGrants();
  };
  registerDeleteRoutes(app, '/sys/sysDepart', {
    access: perm('system:depart:delete'),
    noneChosen: '请选择要删除的部门',
    remove,
  });

  departTransferRoutes(app, ctx);
  departGrantRoutes(app, ctx);
  departRoleRoutes(app, ctx);
}
