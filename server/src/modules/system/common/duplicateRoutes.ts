import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { fail, ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { hyAgent, hyCustomer } from '../../freight/schema.ts';
import { sysDepart, sysDict, sysPosition, sysRole, sysUser } from '../schema.ts';

interface UniqueField {
  table: PgTable;
  id: PgColumn;
  columns: Record<string, PgColumn>;
}

/** Tables and fields the form validators may ask about; nothing else reaches SQL. */
const UNIQUE_FIELDS: Record<string, UniqueField> = {
  sys_user: {
    table: sysUser,
    id: sysUser.id,
    columns: {
      username: sysUser.username,
      phone: sysUser.phone,
      email: sysUser.email,
      work_no: sysUser.workNo,
    },
  },
  sys_role: { table: sysRole, id: sysRole.id, columns: { role_code: sysRole.roleCode } },
  sys_dict: { table: sysDict, id: sysDict.id, columns: { dict_code: sysDict.dictCode } },
  sys_depart: { table: sysDepart, id: sysDepart.id, columns: { org_code: sysDepart.orgCode } },
  sys_position: { table: sysPosition, id: sysPosition.id, columns: { code: sysPosition.code } },
  hy_customer: {
    table: hyCustomer,
    id: hyCustomer.id,
    columns: { credit_code: hyCustomer.creditCode, customer_name: hyCustomer.customerName },
  },
  hy_agent: { table: hyAgent, id: hyAgent.id, columns: { id_card: hyAgent.idCard, mobile: hyAgent.mobile } },
};

const toSnake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function duplicateRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/duplicate/check',
    {
      config: { access: 'login' },
      schema: {
        querystring: z.object({
          tableName: z.string().max(64),
          fieldName: z.string().max(64),
          fieldVal: z.string().max(500).optional(),
          dataId: z.string().max(32).optional(),
        }),
      },
    },
    async (request) => {
      const { tableName, fieldName, fieldVal, dataId } = request.query;
      if (!fieldVal) return { ...fail('数据为空,不作处理！', 500), success: true };
      const entry = UNIQUE_FIELDS[tableName];
      const column = entry?.columns[fieldName] ?? entry?.columns[toSnake(fieldName)];
      if (!entry || !column) throw bizError('不支持校验该字段');
      const where = and(eq(column, fieldVal), dataId ? ne(entry.id, dataId) : undefined);
      const rows = await ctx.db.select({ id: entry.id }).from(entry.table).where(where).limit(1);
      if (rows.length) throw bizError('该值不可用，系统中已存在！');
      return ok(null, '该值可用！');
    },
  );
}
