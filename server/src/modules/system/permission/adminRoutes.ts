import { ACCESS_MSG, menuBody, dataRuleBody as ruleBody } from '@freight/contracts';
import { and, eq, ilike, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { newId } from '../../../platform/db/columns.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { containing } from '../../../platform/db/likePattern.ts';
import { registerDeleteRoutes } from '../../../platform/http/deleteRoutes.ts';
import { registerEditRoutes } from '../../../platform/http/editRoutes.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { sysDepartPermission, sysDepartRolePermission } from '../depart/schema.ts';
import { sysPermission, sysPermissionDataRule, sysRolePermission } from '../schema.ts';
import { nodesToRemove } from '../treeRemoval.ts';
import { liveMenus, menuTreeAnswer } from './liveMenus.ts';
import { assertUniqueMenu, checkMenu, refreshLeaf } from './menuRules.ts';
import { invalidateAllAuth } from './routes.ts';

function changed() {
  invalidateGrants();
  invalidateAllAuth();
}

/** Menu and button administration; a change reaches signed-in users at their next permission fetch. */
export function permissionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = 'system:permission:list';
  const live = eq(sysPermission.delFlag, 0);

  r.get('/sys/permission/list', { config: { access: perm(list) } }, async () => {
    const rows = await liveMenus(db);
    const byParent = new Map<string | null, typeof rows>();
    for (const row of rows)
      byParent.set(row.parentId ?? null, [...(byParent.get(row.parentId ?? null) ?? []), row]);
    type Node = (typeof rows)[number] & { children?: Node[]; key: string };
    const build = (parent: string | null): Node[] =>
      (byParent.get(parent) ?? []).map((row) => {
        const children = build(row.id);
        return { ...row, key: row.id, ...(children.length ? { children } : {}) };
      });
    return ok(build(null));
  });
  r.get('/sys/permission/queryTreeList', { config: { access: perm(list) } }, async () => {
    return ok(menuTreeAnswer(await liveMenus(db)));
  });
  r.get('/sys/permission/getSystemMenuList', { config: { access: perm(list) } }, async () =>
    ok(await liveMenus(db, eq(sysPermission.menuType, 0))),
  );
  r.get(
    '/sys/permission/getSystemSubmenu',
    permitted(list, { querystring: z.object({ parentId: z.string().max(32) }) }),
    async (request) => ok(await liveMenus(db, eq(sysPermission.parentId, request.query.parentId))),
  );
  // The reference console's lazy menu tree: the children of one menu (the top menus without parentId).
  r.get(
    '/sys/permission/queryListAsync',
    permitted(list, { querystring: z.object({ parentId: z.string().max(32).optional() }) }),
    async (request) => {
      const parentId = request.query.parentId;
      const rows = await liveMenus(
        db,
        parentId ? eq(sysPermission.parentId, parentId) : isNull(sysPermission.parentId),
      );
      return ok(
        rows.map((row) => ({ ...row, key: row.id, value: row.id, title: row.name, isLeaf: row.leaf })),
      );
    },
  );
  r.get(
    '/sys/permission/getSystemSubmenuBatch',
    permitted(list, { querystring: z.object({ parentIds: z.string().max(20_000) }) }),
    async (request) => {
      const parentIds = request.query.parentIds.split(',').filter(Boolean);
      const rows = parentIds.length ? await liveMenus(db, inArray(sysPermission.parentId, parentIds)) : [];
      const grouped: Record<string, typeof rows> = {};
      for (const row of rows) grouped[row.parentId ?? ''] = [...(grouped[row.parentId ?? ''] ?? []), row];
      return ok(grouped);
    },
  );

  r.post('/sys/permission/add', permitted('system:permission:add', { body: menuBody }), async (request) => {
    if (!request.session) throw unauthorized();
    const id = newId();
    await db.transaction(async (tx) => {
      const body = await checkMenu(tx, request.body, null);
      await tx.insert(sysPermission).values({ ...body, id, createBy: request.session?.user.username });
      if (body.parentId)
        await tx.update(sysPermission).set({ leaf: false }).where(eq(sysPermission.id, body.parentId));
    });
    changed();
    return ok({ id }, '添加成功！');
  });

  const editBody = menuBody.extend({ id: z.string().min(1).max(32) });
  registerEditRoutes(
    app,
    '/sys/permission/edit',
    perm('system:permission:edit'),
    editBody,
    async (request) => {
      const { id, ...rest } = request.body;
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(sysPermission)
          .where(and(eq(sysPermission.id, id), live));
        if (!current) throw recordNotFound();
        const body = await checkMenu(tx, rest, id);
        await tx
          .update(sysPermission)
          .set({ ...body, updateBy: request.session?.user.username, updateTime: new Date() })
          .where(eq(sysPermission.id, id));
        if (current.parentId !== body.parentId) {
          if (body.parentId)
            await tx.update(sysPermission).set({ leaf: false }).where(eq(sysPermission.id, body.parentId));
          if (current.parentId) await refreshLeaf(tx, current.parentId);
        }
      });
      changed();
      return okMessage('编辑成功!');
    },
  );

  const remove = async (ids: string[]) => {
    await db.transaction(async (tx) => {
      const found = await nodesToRemove(tx, sysPermission, live, ids, ACCESS_MSG.menuHasChildren);
      await tx.update(sysPermission).set({ delFlag: 1 }).where(inArray(sysPermission.id, ids));
      await tx.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, ids));
      await tx.delete(sysDepartPermission).where(inArray(sysDepartPermission.permissionId, ids));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.permissionId, ids));
      await tx.delete(sysPermissionDataRule).where(inArray(sysPermissionDataRule.permissionId, ids));
      for (const parentId of new Set(found.map((f) => f.parentId)))
        if (parentId && !ids.includes(parentId)) await refreshLeaf(tx, parentId);
    });
    changed();
  };
  registerDeleteRoutes(app, '/sys/permission', {
    access: perm('system:permission:delete'),
    noneChosen: '请选择要删除的菜单',
    remove,
  });

  // Async check of the menu form: a button's code and a menu's path each belong to one entry.
  r.get(
    '/sys/permission/checkPermDuplication',
    permitted(list, {
      querystring: z.object({
        id: z.string().max(32).optional(),
        perms: z.string().max(255).optional(),
        url: z.string().max(255).optional(),
      }),
    }),
    async (request) => {
      const { id, perms, url } = request.query;
      await assertUniqueMenu(
        db,
        { perms: perms ?? null, url: url ?? null, menuType: perms ? 2 : 1 },
        id ?? null,
      );
      return okMessage('该值可用！');
    },
  );

  // Data rules of a menu.
  r.get(
    '/sys/permission/getPermRuleListByPermId',
    permitted(list, { querystring: z.object({ permissionId: z.string().max(32) }) }),
    async (request) =>
      ok(
        await db
          .select()
          .from(sysPermissionDataRule)
          .where(eq(sysPermissionDataRule.permissionId, request.query.permissionId)),
      ),
  );
  r.get(
    '/sys/permission/queryPermissionRule',
    permitted(list, {
      querystring: z.object({
        permissionId: z.string().max(32),
        ruleName: z.string().max(50).optional(),
        ruleValue: z.string().max(300).optional(),
      }),
    }),
    async (request) => {
      const { permissionId, ruleName, ruleValue } = request.query;
      const where = and(
        eq(sysPermissionDataRule.permissionId, permissionId),
        ruleName ? ilike(sysPermissionDataRule.ruleName, containing(ruleName)) : undefined,
        ruleValue ? eq(sysPermissionDataRule.ruleValue, ruleValue) : undefined,
      );
      return ok(await db.select().from(sysPermissionDataRule).where(where));
    },
  );
  const markRuleFlag = async (permissionId: string) => {
    const rules = await idsWhere(
      db,
      sysPermissionDataRule,
      eq(sysPermissionDataRule.permissionId, permissionId),
    );
    await db
      .update(sysPermission)
      .set({ ruleFlag: rules.length ? 1 : 0 })
      .where(eq(sysPermission.id, permissionId));
  };
  r.post(
    '/sys/permission/addPermissionRule',
    permitted('system:permission:edit', { body: ruleBody }),
    async (request) => {
      const [menu] = await idsWhere(db, sysPermission, eq(sysPermission.id, request.body.permissionId), live);
      if (!menu) throw bizError('菜单不存在');
      await db
        .insert(sysPermissionDataRule)
        .values({ ...request.body, createBy: request.session?.user.username });
      await markRuleFlag(request.body.permissionId);
      changed();
      return okMessage('添加成功！');
    },
  );
  r.put(
    '/sys/permission/editPermissionRule',
    permitted('system:permission:edit', { body: ruleBody.extend({ id: z.string().max(32) }) }),
    async (request) => {
      const { id, ...body } = request.body;
      const [before] = await db.select().from(sysPermissionDataRule).where(eq(sysPermissionDataRule.id, id));
      if (!before) throw recordNotFound();
      await db
        .update(sysPermissionDataRule)
        .set({ ...body, updateBy: request.session?.user.username, updateTime: new Date() })
        .where(eq(sysPermissionDataRule.id, id));
      await markRuleFlag(body.permissionId);
      if (before.permissionId !== body.permissionId) await markRuleFlag(before.permissionId);
      changed();
      return okMessage('编辑成功!');
    },
  );
  r.delete(
    '/sys/permission/deletePermissionRule',
    permitted('system:permission:edit', { querystring: z.object({ id: z.string().max(32) }) }),
    async (request) => {
      const [rule] = await db
        .delete(sysPermissionDataRule)
        .where(eq(sysPermissionDataRule.id, request.query.id))
        .returning();
      if (rule) await markRuleFlag(rule.permissionId);
      changed();
      return okMessage('删除成功!');
    },
  );
}
