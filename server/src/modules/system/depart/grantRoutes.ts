import { grantBody } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { invalidateGrants } from '../accessDirectory.ts';
import { assertRulesOfMenu, grantedRuleChoice, ruleIdsOf } from '../permission/dataRuleIds.ts';
import { grantChange, heldPermissionIds, splitIds } from '../permission/grantSet.ts';
import { invalidateAllAuth } from '../permission/routes.ts';
import { sysDepart } from '../schema.ts';
import { sysDepartPermission, sysDepartRolePermission } from './schema.ts';
import { liveDepart } from './service.ts';

const id = z.string().min(1).max(32);

/**
 * What a department may hand out to its own roles (reference queryDepartPermission / saveDepartPermission and
 * the department data rules). Taking a menu from the department takes it from its roles too.
 */
export function departGrantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permission = 'system:depart:permission';

  r.get(
    '/sys/permission/queryDepartPermission',
    permitted(permission, { querystring: z.object({ departId: id }) }),
    async (request) =>
      ok(
        await heldPermissionIds(
          db,
          sysDepartPermission,
          sysDepartPermission.departId,
          request.query.departId,
        ),
      ),
  );

  r.post(
    '/sys/permission/saveDepartPermission',
    permitted(permission, { body: grantBody.extend({ departId: id }) }),
    async (request) => {
      const { departId } = request.body;
      await db.transaction(async (tx) => {
        const [depart] = await idsWhere(tx, sysDepart, eq(sysDepart.id, departId), liveDepart);
        if (!depart) throw bizError('部门不存在');
        const held = await heldPermissionIds(tx, sysDepartPermission, sysDepartPermission.departId, departId);
        const { added, removed } = await grantChange(tx, held, splitIds(request.body.permissionIds));
        // A menu taken from the department goes from its grant and from its roles' grants.
        if (removed.length)
          for (const grants of [sysDepartPermission, sysDepartRolePermission])
            await tx
              .delete(grants)
              .where(and(eq(grants.departId, departId), inArray(grants.permissionId, removed)));
        if (added.length)
          await tx
            .insert(sysDepartPermission)
            .values(added.map((permissionId) => ({ departId, permissionId })));
      });
      invalidateGrants();
      invalidateAllAuth();
      return okMessage('保存成功！');
    },
  );

  r.get(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    permitted(permission, { params: z.object({ permissionId: id, departId: id }) }),
    async (request) => {
      const { permissionId, departId } = request.params;
      return ok(
        await grantedRuleChoice(
          db,
          sysDepartPermission,
          sysDepartPermission.departId,
          departId,
          permissionId,
        ),
      );
    },
  );

  r.post(
    '/sys/sysDepartPermission/datarule',
    permitted(permission, {
      body: z.object({ permissionId: id, departId: id, dataRuleIds: z.string().max(5000) }),
    }),
    async (request) => {
      const { permissionId, departId, dataRuleIds } = request.body;
      await assertRulesOfMenu(db, permissionId, dataRuleIds);
      const ids = ruleIdsOf(dataRuleIds).join(',');
      const updated = await db
        .update(sysDepartPermission)
        .set({ dataRuleIds: ids })
        .where(
          and(eq(sysDepartPermission.departId, departId), eq(sysDepartPermission.permissionId, permissionId)),
        )
        .returning();
      if (!updated.length) throw bizError('请先授权该菜单，再设置数据规则');
      invalidateGrants();
      return okMessage('数据规则保存成功！');
    },
  );
}
