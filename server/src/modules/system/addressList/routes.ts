import { pageQuery } from '@freight/contracts';
import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { containing } from '../../../platform/db/likePattern.ts';
import { selectPage } from '../../../platform/db/selectPage.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { andAll, buildOrder, type FieldMap } from '../../../platform/resource/query.ts';
import { sysDepart, sysPosition, sysUser, sysUserDepart } from '../schema.ts';

const sortable: FieldMap = {
  realname: { column: sysUser.realname, type: 'string', sort: true },
  username: { column: sysUser.username, type: 'string', sort: true },
  workNo: { column: sysUser.workNo, type: 'string', sort: true },
  createTime: { column: sysUser.createTime, type: 'date', sort: true },
};

/** Address list: the users of a department and everything below it (org code prefix), with their contacts. */
export function addressListRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/sys/user/queryByOrgCodeForAddressList',
    permitted('system:addresslist:list', {
      querystring: pageQuery.extend({
        orgCode: z
          .string()
          .max(64)
          .regex(/^[A-Za-z0-9]*$/, '部门编码不正确')
          .optional(),
        realname: z.string().max(100).optional(),
        workNo: z.string().max(100).optional(),
      }),
    }),
    async (request) => {
      const { pageNo, pageSize, column, order, orgCode, realname, workNo } = request.query;
      // Users with at least one department under the prefix (or every user without one).
      const inDepart = orgCode
        ? sql`exists (select 1 from ${sysUserDepart} join ${sysDepart} on ${sysDepart.id} = ${sysUserDepart.depId}
            where ${sysUserDepart.userId} = ${sysUser.id} and ${sysDepart.delFlag} = 0
            and ${sysDepart.orgCode} like ${`${orgCode}%`})`
        : undefined;
      const where = andAll([
        eq(sysUser.delFlag, 0),
        eq(sysUser.status, 1),
        inDepart,
        realname ? ilike(sysUser.realname, containing(realname)) : undefined,
        workNo ? ilike(sysUser.workNo, containing(workNo)) : undefined,
      ]);
      const departNames = sql<
        string | null
      >`(select string_agg(${sysDepart.departName}, ',' order by ${sysDepart.orgCode})
        from ${sysUserDepart} join ${sysDepart} on ${sysDepart.id} = ${sysUserDepart.depId}
        where ${sysUserDepart.userId} = ${sysUser.id} and ${sysDepart.delFlag} = 0)`;
      const orderBy = buildOrder(sortable, column, order, [sql`${sysUser.realname} asc`], sysUser.id);
      return ok(
        await selectPage(
          { pageNo, pageSize },
          db
            .select({
              id: sysUser.id,
              username: sysUser.username,
              realname: sysUser.realname,
              workNo: sysUser.workNo,
              post: sysUser.post,
              postText: sysPosition.name,
              telephone: sysUser.telephone,
              email: sysUser.email,
              phone: sysUser.phone,
              orgCode: sysUser.orgCode,
              departName: departNames,
            })
            .from(sysUser)
            .leftJoin(sysPosition, and(eq(sysPosition.code, sysUser.post)))
            .where(where)
            .orderBy(...orderBy),
          db.select({ total: sql<number>`count(*)::int` }).from(sysUser).where(where),
        ),
      );
    },
  );
}
