import { USER_TYPE } from '@freight/contracts';
import { and, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { piiEq } from '../../../platform/crypto/piiColumn.ts';
import { fail, ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sysDepart, sysDict, sysPosition, sysRole, sysUser } from '../schema.ts';

export interface UniqueField {
  table: PgTable;
  id: PgColumn;
  columns: Record<string, PgColumn>;
}

/** Tables and fields the form validators may ask about; nothing else reaches SQL. */
const SYSTEM_UNIQUE_FIELDS: Record<string, UniqueField> = {
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
};
const UNIQUE_FIELDS = new Map(Object.entries(SYSTEM_UNIQUE_FIELDS));

/** Lets the form validators ask whether a value of these columns of another module's table is taken. */
export function registerUniqueFields(tableName: string, fields: UniqueField): void {
  UNIQUE_FIELDS.set(tableName, fields);
}

/**
 * What someone who is not platform staff may ask about: whether a login name is taken (needed to create an
 * account, and told by registration anyway). Anything else would tell them whether another party's phone,
 * credit code or ID number is on the platform.
 */
const PARTY_CHECKS = new Set(['sys_user.username']);

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
      // Names from the request: only the whitelist's own keys, never Object.prototype's (`toString`).
      const entry = UNIQUE_FIELDS.get(tableName);
      const columnOf = (name: string) =>
        entry && Object.hasOwn(entry.columns, name) ? entry.columns[name] : undefined;
      const field = columnOf(fieldName) ? fieldName : toSnake(fieldName);
      const column = columnOf(field);
      if (!entry || !column) throw bizError('不支持校验该字段');
      const staff = request.session?.user.userType === USER_TYPE.system;
      if (!staff && !PARTY_CHECKS.has(`${tableName}.${field}`)) throw bizError('不支持校验该字段');
      const where = and(piiEq(column, fieldVal), dataId ? ne(entry.id, dataId) : undefined);
      const rows = await ctx.db.select({ id: entry.id }).from(entry.table).where(where).limit(1);
      if (rows.length) throw bizError('该值不可用，系统中已存在！');
      return ok(null, '该值可用！');
    },
  );
}
