import { departRoleBody, grantBody, pageQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { registerEditRoutes } from '../../../platform/http/editRoutes.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { splitIds } from '../permission/grantSet.ts';
import { menuTreeAnswer } from '../permission/liveMenus.ts';
import * as repo from './roleRepository.ts';
import * as roles from './roleService.ts';

const id = z.string().min(1).max(32);

/** The calls of the department-role screens (reference sysDepartRole / sysDepartPermission). */
export function departRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permission = 'system:depart:role';

  r.get(
    '/sys/sysDepartRole/list',
    permitted(permission, {
      querystring: pageQuery.extend({ deptId: id, roleName: z.string().max(100).optional() }),
    }),
    async (request) => {
      const { deptId, roleName } = request.query;
      return ok(await repo.rolePage(db, deptId, roleName?.trim() || undefined, request.query));
    },
  );

  r.post('/sys/sysDepartRole/add', permitted(permission, { body: departRoleBody }), async (request) => {
    const roleId = await roles.addRole(db, request.body, request.session?.user.username);
    return ok({ id: roleId }, '添加成功！');
  });

  const editBody = departRoleBody.omit({ departId: true }).extend({ id });
  registerEditRoutes(app, '/sys/sysDepartRole/edit', perm(permission), editBody, async (request) => {
    const { id: roleId, ...body } = request.body;
    await roles.editRole(db, roleId, body, request.session?.user.username);
    return okMessage('编辑成功!');
  });

  r.delete(
    '/sys/sysDepartRole/delete',
    permitted(permission, { querystring: z.object({ id }) }),
    async (request) => {
      await roles.deleteRoles(db, [request.query.id]);
      return okMessage('删除成功!');
    },
  );
  r.delete(
    '/sys/sysDepartRole/deleteBatch',
    permitted(permission, { querystring: z.object({ ids: z.string().min(1).max(20_000) }) }),
    async (request) => {
      await roles.deleteRoles(db, splitIds(request.query.ids));
      return okMessage('批量删除成功!');
    },
  );

  // A user's department roles within one department (the user screen's "department roles" dialog).
  r.get(
    '/sys/sysDepartRole/getDeptRoleList',
    permitted(permission, { querystring: z.object({ departId: id }) }),
    async (request) => ok(await repo.rolesOfDepart(db, request.query.departId)),
  );
  r.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    permitted(permission, { querystring: z.object({ userId: id, departId: id }) }),
    async (request) => ok(await repo.userRolesInDepart(db, request.query.userId, request.query.departId)),
  );
  r.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    permitted(permission, {
      body: z.object({
        userId: id,
        departId: id,
        newRoleId: z.string().max(20_000),
        oldRoleId: z.string().max(20_000).optional(),
      }),
    }),
    async (request) => {
      const { userId, departId, newRoleId } = request.body;
      await roles.setUserRoles(db, userId, departId, splitIds(newRoleId));
      return okMessage('添加成功!');
    },
  );

  // Users of one department role.
  r.get(
    '/sys/sysDepartRole/roleUserList',
    permitted(permission, { querystring: pageQuery.extend({ droleId: id }) }),
    async (request) => {
      return ok(await repo.roleUserPage(db, request.query.droleId, request.query));
    },
  );
  r.post(
    '/sys/sysDepartRole/addRoleUsers',
    permitted(permission, { body: z.object({ droleId: id, userIds: z.array(id).min(1).max(1000) }) }),
    async (request) => {
      await roles.addRoleUsers(db, request.body.droleId, [...new Set(request.body.userIds)]);
      return okMessage('添加成功!');
    },
  );
  r.delete(
    '/sys/sysDepartRole/removeRoleUser',
    permitted(permission, { querystring: z.object({ droleId: id, userId: id }) }),
    async (request) => {
      await roles.removeRoleUser(db, request.query.droleId, request.query.userId);
      return okMessage('删除成功!');
    },
  );

  // Permissions of a department role, chosen on the tree of what the department holds.
  r.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    permitted(permission, { querystring: z.object({ departId: id }) }),
    async (request) => {
      const rows = await repo.livePermissions(db, await repo.departPermissionIds(db, request.query.departId));
      return ok(menuTreeAnswer(rows));
    },
  );
  r.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    permitted(permission, { querystring: z.object({ roleId: id }) }),
    async (request) => ok(await repo.rolePermissionIds(db, request.query.roleId)),
  );
  r.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    permitted(permission, { body: grantBody.extend({ roleId: id }) }),
    async (request) => {
      const { roleId, permissionIds } = request.body;
      await roles.saveRolePermissions(db, roleId, splitIds(permissionIds), request.ip);
      return okMessage('保存成功！');
    },
  );

  // Data rules of a department role on one menu: among those the department may grant on it.
  r.get(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    permitted(permission, { params: z.object({ permissionId: id, departId: id, roleId: id }) }),
    async (request) => {
      const { permissionId, departId, roleId } = request.params;
      return ok(await roles.roleDataRules(db, permissionId, departId, roleId));
    },
  );
  r.post(
    '/sys/sysDepartRole/datarule',
    permitted(permission, {
      body: z.object({ permissionId: id, departId: id, roleId: id, dataRuleIds: z.string().max(5000) }),
    }),
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      await roles.saveRoleDataRules(db, roleId, permissionId, dataRuleIds, request.ip);
      return okMessage('数据规则保存成功！');
    },
  );
}
