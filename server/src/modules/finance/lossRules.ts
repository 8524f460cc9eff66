import { type LossRuleTarget, lossRuleBody, lossRuleResource, matchLossRule } from '@freight/contracts';
import { desc, eq, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { findCustomer, onOrderCreating } from '../freight/index.ts';
import { finLossRule } from './schema.ts';

// 亏吨设置: loss rules per customer, goods and route. A new order whose loss settings were left
// blank takes the most specific matching rule (the order's copy is what its contract quotes and what audit
// applies, domain.md Loss).

type Row = Record<string, unknown>;
export type LossRuleRow = typeof finLossRule.$inferSelect;

/** The rule for an order of the tenant, if any. */
export async function lossRuleFor(
  tx: DbOrTx,
  tenantId: number,
  target: LossRuleTarget,
): Promise<LossRuleRow | undefined> {
  const rules = await tx
    .select()
    .from(finLossRule)
    .where(
      ofTenant(
        finLossRule,
        tenantId,
        eq(finLossRule.enabled, true),
        target.customerId
          ? or(isNull(finLossRule.customerId), eq(finLossRule.customerId, target.customerId))
          : isNull(finLossRule.customerId),
      ),
    )
    .orderBy(desc(finLossRule.createTime))
    .limit(500);
  return matchLossRule(rules, target);
}

/** Fills a new order's blank loss settings from the matching rule. */
async function prefillOrder(tx: DbOrTx, order: Row, tenantId: number): Promise<Row> {
  const blank = !Number(order.lossAllowanceValue ?? 0) && !Number(order.lossUnitPriceFen ?? 0);
  if (!blank) return order;
  const rule = await lossRuleFor(tx, tenantId, {
    customerId: order.customerId as string | null,
    goodsName: order.goodsName as string | null,
    loadCity: order.loadCity as string | null,
    unloadCity: order.unloadCity as string | null,
  });
  if (!rule) return order;
  return {
    ...order,
    lossAllowanceMode: rule.allowanceMode,
    lossAllowanceValue: rule.allowanceValue,
    lossUnitPriceFen: rule.unitPriceFen,
    lossDeductWhole: rule.deductWhole,
  };
}

const updateBody = lossRuleBody.extend({ id: z.string().min(1).max(32) });

export function lossRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  onOrderCreating(ctx.db, async (tx, order, tenantId) => {
    Object.assign(order, await prefillOrder(tx, order, tenantId));
  });
  bindResource(app, ctx, lossRuleResource, finLossRule, {
    dataLog: true,
    createSchema: lossRuleBody,
    updateSchema: updateBody,
    async beforeWrite(values, _mode, request, tx) {
      const tenantId = request.session?.tenantId ?? 0;
      const out: Row = { ...values };
      for (const key of ['goodsName', 'loadCity', 'unloadCity', 'customerId'])
        if (out[key] === '' || out[key] === undefined) out[key] = null;
      if (out.customerId) {
        const customer = await findCustomer(tx, tenantId, String(out.customerId));
        if (!customer) throw bizError('货主不存在');
        out.customerName = customer.customerName;
      } else out.customerName = null;
      if (out.allowanceMode === 2 && Number(out.allowanceValue) > 1000)
        throw bizError('按比例的合理损耗不能超过1000‰');
      return out;
    },
  });

  // The order form asks which rule a new order would take, to show it before saving.
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/risk/loss/match',
    {
      config: { access: perm('order:add') },
      schema: {
        querystring: z.object({
          customerId: z.string().max(32).optional(),
          goodsName: z.string().max(100).optional(),
          loadCity: z.string().max(30).optional(),
          unloadCity: z.string().max(30).optional(),
        }),
      },
    },
    async (request) => {
      const session = request.session;
      const query = { ...request.query };
      if (session && (session.user.userType === 2 || session.user.userType === 6))
        query.customerId = session.user.cid ?? '';
      const rule = await lossRuleFor(ctx.db, session?.tenantId ?? 0, query);
      return ok(rule ?? null);
    },
  );
}
