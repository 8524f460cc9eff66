import { ACCESS_MSG, grantBody, roleResource } from '@freight/contracts';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { assertRulesOfMenu, grantedRuleChoice } from '../permission/dataRuleIds.ts';
import { heldPermissionIds } from '../permission/grantSet.ts';
import { liveMenus, menuTreeAnswer } from '../permission/liveMenus.ts';
import { invalidateAllAuth } from '../permission/routes.ts';
import { sysPermission, sysRole, sysRolePermission, sysUser, sysUserRole } from '../schema.ts';

function grantsChanged() {
  invalidateGrants();
  invalidateAllAuth();
}

export function roleRoutes(app: FastifyInstance, ctx: AppContext): void {
  bindResource(app, ctx, roleResource, sysRole, {
    dataLog: true,
    unique: { key: 'roleCode', message: ACCESS_MSG.roleCodeTaken },
    async beforeWrite(values, mode, _request, tx) {
      // Seed and code refer to the system staff role by its code.
      if (mode === 'edit' && String(values.roleCode) !== 'admin') {
        const admin = await idsWhere(
          tx,
          sysRole,
          eq(sysRole.id, String(values.id)),
          eq(sysRole.roleCode, 'admin'),
        );
        if (admin.length) throw bizError('系统管理员角色的编码不能修改');
      }
      return values;
    },
    async beforeDelete(ids, tx) {
      const admin = await idsWhere(tx, sysRole, inArray(sysRole.id, ids), eq(sysRole.roleCode, 'admin'));
      if (admin.length) throw bizError('系统管理员角色不能删除');
      await tx.delete(sysRolePermission).where(inArray(sysRolePermission.roleId, ids));
      await tx.delete(sysUserRole).where(inArray(sysUserRole.roleId, ids));
      grantsChanged();
    },
  });
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/role/queryall', { config: { access: perm('system:user:list') } }, async () =>
    ok(await db.select().from(sysRole).orderBy(asc(sysRole.roleName))),
  );

  r.get(
    '/sys/role/checkRoleCode',
    permitted('system:role:list', {
      querystring: z.object({ roleCode: z.string().max(100), id: z.string().max(32).optional() }),
    }),
    async (request) => {
      const [clash] = await idsWhere(
        db,
        sysRole,
        eq(sysRole.roleCode, request.query.roleCode.trim()),
        request.query.id ? ne(sysRole.id, request.query.id) : undefined,
      ).limit(1);
      if (clash) throw bizError(ACCESS_MSG.roleCodeTaken);
      return okMessage('该值可用！');
    },
  );

  r.get('/sys/role/queryTreeList', { config: { access: perm('system:role:authorize') } }, async () => {
    return ok(menuTreeAnswer(await liveMenus(db)));
  });

  r.get(
    '/sys/permission/queryRolePermission',
    permitted('system:role:authorize', { querystring: z.object({ roleId: z.string().max(32) }) }),
    async (request) =>
      ok(await heldPermissionIds(db, sysRolePermission, sysRolePermission.roleId, request.query.roleId)),
  );

  r.post(
    '/sys/permission/saveRolePermission',
    permitted('system:role:authorize', {
      body: grantBody.extend({ roleId: z.string().min(1).max(32) }),
    }),
    async (request) => {
      const wanted = new Set(request.body.permissionIds.split(',').filter(Boolean));
      await db.transaction(async (tx) => {
        const [role] = await tx.select().from(sysRole).where(eq(sysRole.id, request.body.roleId));
        if (!role) throw bizError('角色不存在');
        const current = await tx
          .select()
          .from(sysRolePermission)
          .where(eq(sysRolePermission.roleId, role.id));
        const removed = current.filter((row) => !wanted.has(row.permissionId)).map((row) => row.permissionId);
        const added = [...wanted].filter((id) => !current.some((row) => row.permissionId === id));
        if (removed.length) {
          await tx
            .delete(sysRolePermission)
            .where(
              and(eq(sysRolePermission.roleId, role.id), inArray(sysRolePermission.permissionId, removed)),
            );
        }
        if (added.length) {
          // Only permissions that exist can be granted.
          const existing = await idsWhere(tx, sysPermission, inArray(sysPermission.id, added));
          if (existing.length) {
            await tx.insert(sysRolePermission).values(
              existing.map((p) => ({
                roleId: role.id,
                permissionId: p.id,
                operateDate: new Date(),
                operateIp: request.ip,
              })),
            );
          }
        }
      });
      grantsChanged();
      return okMessage('保存成功！');
    },
  );

  // Data rules of one menu for one role (reference /sys/role/datarule).
  r.get(
    '/sys/role/datarule/:permissionId/:roleId',
    permitted('system:role:authorize', {
      params: z.object({ permissionId: z.string().max(32), roleId: z.string().max(32) }),
    }),
    async (request) => {
      const { permissionId, roleId } = request.params;
      return ok(
        await grantedRuleChoice(db, sysRolePermission, sysRolePermission.roleId, roleId, permissionId),
      );
    },
  );
  r.post(
    '/sys/role/datarule',
    permitted('system:role:authorize', {
      body: z.object({
        permissionId: z.string().max(32),
        roleId: z.string().max(32),
        dataRuleIds: z.string().max(5000),
      }),
    }),
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      await assertRulesOfMenu(db, permissionId, dataRuleIds);
      const updated = await db
        .update(sysRolePermission)
        .set({ dataRuleIds, operateDate: new Date(), operateIp: request.ip })
        .where(and(eq(sysRolePermission.roleId, roleId), eq(sysRolePermission.permissionId, permissionId)))
        .returning();
      if (!updated.length) throw bizError('请先授权该菜单，再设置数据规则');
      grantsChanged();
      return okMessage('数据规则保存成功！');
    },
  );

  r.post(
    '/sys/user/addSysUserRole',
    permitted('system:role:edit', {
      body: z.object({ roleId: z.string().max(32), userIdList: z.array(z.string().max(32)).max(1000) }),
    }),
    async (request) => {
      const [role] = await idsWhere(db, sysRole, eq(sysRole.id, request.body.roleId));
      if (!role) throw bizError('角色不存在');
      const userIds = [...new Set(request.body.userIdList)];
      if (userIds.length) {
        const users = await idsWhere(db, sysUser, inArray(sysUser.id, userIds), eq(sysUser.delFlag, 0));
        if (users.length !== userIds.length) throw bizError('所选用户不存在');
        await db
          .insert(sysUserRole)
          .values(userIds.map((userId) => ({ userId, roleId: role.id })))
          .onConflictDoNothing();
      }
      grantsChanged();
      return okMessage('添加成功!');
    },
  );
  r.delete(
    '/sys/user/deleteUserRole',
    permitted('system:role:edit', {
      querystring: z.object({ roleId: z.string().max(32), userId: z.string().max(32) }),
    }),
    async (request) => {
      await db
        .delete(sysUserRole)
        .where(
          and(eq(sysUserRole.roleId, request.query.roleId), eq(sysUserRole.userId, request.query.userId)),
        );
      grantsChanged();
      return okMessage('删除成功!');
    },
  );
}
