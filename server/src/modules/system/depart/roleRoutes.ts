import { departRoleBody, grantBody, pageQuery } from '@freight/contracts';
import { and, asc, count, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import { invalidateGrants } from '../../../platform/access/grants.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/columns.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { ruleIdsOf } from '../permission/dataRuleIds.ts';
import { grantChange, splitIds } from '../permission/grantSet.ts';
import { invalidateAllAuth } from '../permission/routes.ts';
import { permissionTree } from '../role/routes.ts';
import { sysDepart, sysPermission, sysPermissionDataRule, sysUser, sysUserDepart } from '../schema.ts';
import { sysDepartPermission, sysDepartRole, sysDepartRolePermission, sysDepartRoleUser } from './schema.ts';
import { liveDepart } from './service.ts';

const id = z.string().min(1).max(32);
const like = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function changed() {
  invalidateGrants();
  invalidateAllAuth();
}

async function roleOf(db: DbOrTx, roleId: string) {
  const [role] = await db.select().from(sysDepartRole).where(eq(sysDepartRole.id, roleId));
  if (!role) throw bizError('部门角色不存在');
  return role;
}

/** Users among `userIds` who belong to the department; refuses any who do not. */
async function assertMembers(db: DbOrTx, departId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const members = await db
    .select({ userId: sysUserDepart.userId })
    .from(sysUserDepart)
    .innerJoin(sysUser, eq(sysUser.id, sysUserDepart.userId))
    .where(
      and(eq(sysUserDepart.depId, departId), inArray(sysUserDepart.userId, userIds), eq(sysUser.delFlag, 0)),
    );
  if (members.length !== userIds.length) throw bizError('只能把部门角色分配给本部门的用户');
}

/**
 * Department roles (reference sysDepartRole / sysDepartPermission): roles a department defines for its own
 * people, holding a part of what the department was granted, with their users and data rules. What a user
 * holds through them adds to what their own roles give (platform/access/grants.ts).
 */
export function departRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: perm('system:depart:role') };

  r.get(
    '/sys/sysDepartRole/list',
    {
      config: access,
      schema: {
        querystring: pageQuery.extend({ deptId: id, roleName: z.string().max(100).optional() }),
      },
    },
    async (request) => {
      const { deptId, roleName, pageNo, pageSize } = request.query;
      const where = and(
        eq(sysDepartRole.departId, deptId),
        roleName?.trim() ? ilike(sysDepartRole.roleName, like(roleName.trim())) : undefined,
      );
      const [records, [{ total }]] = await Promise.all([
        db
          .select()
          .from(sysDepartRole)
          .where(where)
          .orderBy(desc(sysDepartRole.createTime), asc(sysDepartRole.id))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db.select({ total: count() }).from(sysDepartRole).where(where),
      ]);
      const n = Number(total);
      return ok({ records, total: n, size: pageSize, current: pageNo, pages: Math.ceil(n / pageSize) });
    },
  );

  const assertUniqueCode = async (tx: DbOrTx, departId: string, roleCode: string, except?: string) => {
    const [clash] = await tx
      .select({ id: sysDepartRole.id })
      .from(sysDepartRole)
      .where(
        and(
          eq(sysDepartRole.departId, departId),
          eq(sysDepartRole.roleCode, roleCode),
          except ? ne(sysDepartRole.id, except) : undefined,
        ),
      )
      .limit(1);
    if (clash) throw bizError('该部门已有此角色编码');
  };

  r.post('/sys/sysDepartRole/add', { config: access, schema: { body: departRoleBody } }, async (request) => {
    const body = request.body;
    const roleId = newId();
    await db.transaction(async (tx) => {
      const [depart] = await tx
        .select({ id: sysDepart.id })
        .from(sysDepart)
        .where(and(eq(sysDepart.id, body.departId), liveDepart));
      if (!depart) throw bizError('部门不存在');
      await assertUniqueCode(tx, body.departId, body.roleCode);
      await tx
        .insert(sysDepartRole)
        .values({ ...body, id: roleId, createBy: request.session?.user.username });
    });
    return ok({ id: roleId }, '添加成功！');
  });

  const editSchema = { body: departRoleBody.omit({ departId: true }).extend({ id }) };
  const edit = async (request: {
    body: z.infer<typeof editSchema.body>;
    session: { user: { username: string } } | null;
  }) => {
    const { id: roleId, ...body } = request.body;
    await db.transaction(async (tx) => {
      const role = await roleOf(tx, roleId);
      await assertUniqueCode(tx, role.departId, body.roleCode, roleId);
      await tx
        .update(sysDepartRole)
        .set({ ...body, updateBy: request.session?.user.username, updateTime: new Date() })
        .where(eq(sysDepartRole.id, roleId));
    });
    return okMessage('编辑成功!');
  };
  r.put('/sys/sysDepartRole/edit', { config: access, schema: editSchema }, edit);
  r.post('/sys/sysDepartRole/edit', { config: access, schema: editSchema }, edit);

  const remove = async (roleIds: string[]) => {
    await db.transaction(async (tx) => {
      await tx.delete(sysDepartRoleUser).where(inArray(sysDepartRoleUser.droleId, roleIds));
      await tx.delete(sysDepartRolePermission).where(inArray(sysDepartRolePermission.roleId, roleIds));
      const deleted = await tx
        .delete(sysDepartRole)
        .where(inArray(sysDepartRole.id, roleIds))
        .returning({ id: sysDepartRole.id });
      if (deleted.length !== roleIds.length) throw bizError('未找到对应数据');
    });
    changed();
  };
  r.delete(
    '/sys/sysDepartRole/delete',
    { config: access, schema: { querystring: z.object({ id }) } },
    async (request) => {
      await remove([request.query.id]);
      return okMessage('删除成功!');
    },
  );
  r.delete(
    '/sys/sysDepartRole/deleteBatch',
    { config: access, schema: { querystring: z.object({ ids: z.string().min(1).max(20_000) }) } },
    async (request) => {
      await remove(splitIds(request.query.ids));
      return okMessage('批量删除成功!');
    },
  );

  // A user's department roles within one department (the user screen's "department roles" dialog).
  r.get(
    '/sys/sysDepartRole/getDeptRoleList',
    { config: access, schema: { querystring: z.object({ departId: id }) } },
    async (request) =>
      ok(
        await db
          .select()
          .from(sysDepartRole)
          .where(eq(sysDepartRole.departId, request.query.departId))
          .orderBy(asc(sysDepartRole.roleName)),
      ),
  );
  r.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: access, schema: { querystring: z.object({ userId: id, departId: id }) } },
    async (request) =>
      ok(
        await db
          .select({ droleId: sysDepartRoleUser.droleId, userId: sysDepartRoleUser.userId })
          .from(sysDepartRoleUser)
          .innerJoin(sysDepartRole, eq(sysDepartRole.id, sysDepartRoleUser.droleId))
          .where(
            and(
              eq(sysDepartRoleUser.userId, request.query.userId),
              eq(sysDepartRole.departId, request.query.departId),
            ),
          ),
      ),
  );
  r.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: access,
      schema: {
        body: z.object({
          userId: id,
          departId: id,
          newRoleId: z.string().max(20_000),
          oldRoleId: z.string().max(20_000).optional(),
        }),
      },
    },
    async (request) => {
      const { userId, departId } = request.body;
      const wanted = splitIds(request.body.newRoleId);
      await db.transaction(async (tx) => {
        await assertMembers(tx, departId, [userId]);
        const roles = await tx
          .select({ id: sysDepartRole.id })
          .from(sysDepartRole)
          .where(eq(sysDepartRole.departId, departId));
        const ofDepart = new Set(roles.map((role) => role.id));
        if (wanted.some((roleId) => !ofDepart.has(roleId))) throw bizError('角色不属于该部门');
        if (ofDepart.size)
          await tx
            .delete(sysDepartRoleUser)
            .where(
              and(eq(sysDepartRoleUser.userId, userId), inArray(sysDepartRoleUser.droleId, [...ofDepart])),
            );
        if (wanted.length)
          await tx.insert(sysDepartRoleUser).values(wanted.map((droleId) => ({ userId, droleId })));
      });
      changed();
      return okMessage('添加成功!');
    },
  );

  // Users of one department role.
  r.get(
    '/sys/sysDepartRole/roleUserList',
    { config: access, schema: { querystring: pageQuery.extend({ droleId: id }) } },
    async (request) => {
      const { droleId, pageNo, pageSize } = request.query;
      const where = and(eq(sysDepartRoleUser.droleId, droleId), eq(sysUser.delFlag, 0));
      const [records, [{ total }]] = await Promise.all([
        db
          .select({
            id: sysUser.id,
            username: sysUser.username,
            realname: sysUser.realname,
            phone: sysUser.phone,
            status: sysUser.status,
          })
          .from(sysDepartRoleUser)
          .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
          .where(where)
          .orderBy(asc(sysUser.username))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db
          .select({ total: count() })
          .from(sysDepartRoleUser)
          .innerJoin(sysUser, eq(sysUser.id, sysDepartRoleUser.userId))
          .where(where),
      ]);
      const n = Number(total);
      return ok({ records, total: n, size: pageSize, current: pageNo, pages: Math.ceil(n / pageSize) });
    },
  );
  r.post(
    '/sys/sysDepartRole/addRoleUsers',
    {
      config: access,
      schema: { body: z.object({ droleId: id, userIds: z.array(id).min(1).max(1000) }) },
    },
    async (request) => {
      const userIds = [...new Set(request.body.userIds)];
      await db.transaction(async (tx) => {
        const role = await roleOf(tx, request.body.droleId);
        await assertMembers(tx, role.departId, userIds);
        await tx
          .insert(sysDepartRoleUser)
          .values(userIds.map((userId) => ({ userId, droleId: role.id })))
          .onConflictDoNothing();
      });
      changed();
      return okMessage('添加成功!');
    },
  );
  r.delete(
    '/sys/sysDepartRole/removeRoleUser',
    { config: access, schema: { querystring: z.object({ droleId: id, userId: id }) } },
    async (request) => {
      await db
        .delete(sysDepartRoleUser)
        .where(
          and(
            eq(sysDepartRoleUser.droleId, request.query.droleId),
            eq(sysDepartRoleUser.userId, request.query.userId),
          ),
        );
      changed();
      return okMessage('删除成功!');
    },
  );

  // Permissions of a department role, chosen on the tree of what the department holds.
  const departHolds = async (tx: DbOrTx, departId: string) =>
    tx
      .select({
        permissionId: sysDepartPermission.permissionId,
        dataRuleIds: sysDepartPermission.dataRuleIds,
      })
      .from(sysDepartPermission)
      .where(eq(sysDepartPermission.departId, departId));

  r.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: access, schema: { querystring: z.object({ departId: id }) } },
    async (request) => {
      const held = (await departHolds(db, request.query.departId)).map((row) => row.permissionId);
      const rows = held.length
        ? await db
            .select()
            .from(sysPermission)
            .where(and(inArray(sysPermission.id, held), eq(sysPermission.delFlag, 0)))
            .orderBy(asc(sysPermission.sortNo))
        : [];
      return ok({ treeList: permissionTree(rows), ids: rows.map((row) => row.id) });
    },
  );
  r.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: access, schema: { querystring: z.object({ roleId: id }) } },
    async (request) => {
      const rows = await db
        .select({ id: sysDepartRolePermission.permissionId })
        .from(sysDepartRolePermission)
        .where(eq(sysDepartRolePermission.roleId, request.query.roleId));
      return ok(rows.map((row) => row.id));
    },
  );
  r.post(
    '/sys/sysDepartPermission/saveDeptRolePermission',
    { config: access, schema: { body: grantBody.extend({ roleId: id }) } },
    async (request) => {
      await db.transaction(async (tx) => {
        const role = await roleOf(tx, request.body.roleId);
        const within = new Set((await departHolds(tx, role.departId)).map((row) => row.permissionId));
        const wanted = splitIds(request.body.permissionIds);
        if (wanted.some((permissionId) => !within.has(permissionId)))
          throw bizError('部门未获授权的菜单不能分配给部门角色');
        const held = (
          await tx
            .select({ id: sysDepartRolePermission.permissionId })
            .from(sysDepartRolePermission)
            .where(eq(sysDepartRolePermission.roleId, role.id))
        ).map((row) => row.id);
        const { added, removed } = await grantChange(tx, held, wanted, within);
        if (removed.length)
          await tx
            .delete(sysDepartRolePermission)
            .where(
              and(
                eq(sysDepartRolePermission.roleId, role.id),
                inArray(sysDepartRolePermission.permissionId, removed),
              ),
            );
        if (added.length)
          await tx.insert(sysDepartRolePermission).values(
            added.map((permissionId) => ({
              departId: role.departId,
              roleId: role.id,
              permissionId,
              operateDate: new Date(),
              operateIp: request.ip,
            })),
          );
      });
      changed();
      return okMessage('保存成功！');
    },
  );

  // Data rules of a department role on one menu: among those the department may grant on it.
  r.get(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    {
      config: access,
      schema: { params: z.object({ permissionId: id, departId: id, roleId: id }) },
    },
    async (request) => {
      const { permissionId, departId, roleId } = request.params;
      const [departGrant] = await db
        .select()
        .from(sysDepartPermission)
        .where(
          and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)),
        );
      const allowed = ruleIdsOf(departGrant?.dataRuleIds);
      const rules = allowed.length
        ? await db
            .select()
            .from(sysPermissionDataRule)
            .where(
              and(
                eq(sysPermissionDataRule.permissionId, permissionId),
                inArray(sysPermissionDataRule.id, allowed),
              ),
            )
        : [];
      const [grant] = await db
        .select()
        .from(sysDepartRolePermission)
        .where(
          and(
            eq(sysDepartRolePermission.roleId, roleId),
            eq(sysDepartRolePermission.permissionId, permissionId),
          ),
        );
      return ok({ datarule: rules, drChecked: grant?.dataRuleIds ?? '' });
    },
  );
  r.post(
    '/sys/sysDepartRole/datarule',
    {
      config: access,
      schema: {
        body: z.object({ permissionId: id, departId: id, roleId: id, dataRuleIds: z.string().max(5000) }),
      },
    },
    async (request) => {
      const { permissionId, roleId, dataRuleIds } = request.body;
      const role = await roleOf(db, roleId);
      const [departGrant] = await db
        .select()
        .from(sysDepartPermission)
        .where(
          and(
            eq(sysDepartPermission.departId, role.departId),
            eq(sysDepartPermission.permissionId, permissionId),
          ),
        );
      const allowed = new Set(ruleIdsOf(departGrant?.dataRuleIds));
      const ids = ruleIdsOf(dataRuleIds);
      if (ids.some((ruleId) => !allowed.has(ruleId)))
        throw bizError('部门未获授权的数据规则不能分配给部门角色');
      const updated = await db
        .update(sysDepartRolePermission)
        .set({ dataRuleIds: ids.join(','), operateDate: new Date(), operateIp: request.ip })
        .where(
          and(
            eq(sysDepartRolePermission.roleId, roleId),
            eq(sysDepartRolePermission.permissionId, permissionId),
          ),
        )
        .returning();
      if (!updated.length) throw bizError('请先授权该菜单，再设置数据规则');
      changed();
      return okMessage('数据规则保存成功！');
    },
  );
}
