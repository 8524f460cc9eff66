import { asc, eq, isNull, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { recordNotFound } from '../../../platform/http/errors.ts';
import { type DivisionNode, divisionChain } from './chain.ts';
import { sysDivision } from './schema.ts';

const divisionCode = z
  .string()
  .trim()
  .regex(/^\d{6,12}$/, '行政区划代码应为6到12位数字');
const childrenQuery = z.object({ parentCode: divisionCode.optional() });
const pathQuery = z.object({ code: divisionCode });

/** Administrative divisions for places' region pickers: children of a division, and a district's chain. */
export function divisionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get(
    '/sys/division/children',
    { config: { access: 'login' }, schema: { querystring: childrenQuery } },
    async (request) => {
      const parent: SQL = request.query.parentCode
        ? eq(sysDivision.parentCode, request.query.parentCode)
        : isNull(sysDivision.parentCode);
      const rows = await db
        .select({ code: sysDivision.code, name: sysDivision.name, level: sysDivision.level })
        .from(sysDivision)
        .where(parent)
        .orderBy(asc(sysDivision.code));
      return ok(rows.map((row): DivisionNode => ({ ...row, isLeaf: row.level >= 3 })));
    },
  );

  r.get(
    '/sys/division/path',
    { config: { access: 'login' }, schema: { querystring: pathQuery } },
    async (request) => {
      const chain = await divisionChain(db, request.query.code);
      if (chain.length === 0) throw recordNotFound();
      return ok(chain);
    },
  );
}
