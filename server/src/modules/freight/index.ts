import {
  type CustomerOption,
  MSG,
  type PendingCounts,
  REVIEW_STATE,
  selectCustomerBody,
} from '@freight/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { registerResource } from '../../platform/resource/defineResource.ts';
import { sysUser } from '../system/schema.ts';
import { partyRoutes } from './parties.ts';
import { registerReview } from './review.ts';
import { hyCustomer, hyCustomerAdmin } from './schema.ts';

const customerBody = {
  customerName: z.string().trim().min(1, '请输入货主名称').max(200),
  customerType: z.coerce.number().int().min(1).max(2).optional(),
  creditCode: z.string().max(18).optional(),
  legalPerson: z.string().max(50).optional(),
  contactName: z.string().max(50).optional(),
  contactMobile: z
    .string()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号码')
    .optional()
    .or(z.literal('')),
  address: z.string().max(255).optional(),
  settleMode: z.coerce.number().int().min(1).max(3).optional(),
  creditDays: z.coerce.number().int().min(0).max(365).optional(),
};

export function freightModule(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  partyRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, ctx, {
    path: '/customer/hyCustomer',
    permission: 'customer:manager',
    title: '货主',
    table: hyCustomer,
    id: hyCustomer.id,
    scope: { tenant: true, customer: 'id', dataRuleComponent: 'customer/HyCustomerList' },
    defaultOrder: [desc(hyCustomer.createTime)],
    fields: {
      id: { column: hyCustomer.id, type: 'string', filter: true },
      customerName: {
        column: hyCustomer.customerName,
        type: 'string',
        filter: true,
        sort: true,
        title: '货主名称',
      },
      creditCode: { column: hyCustomer.creditCode, type: 'string', filter: true, title: '统一社会信用代码' },
      contactName: { column: hyCustomer.contactName, type: 'string', filter: true, title: '联系人' },
      contactMobile: { column: hyCustomer.contactMobile, type: 'string', filter: true, title: '联系电话' },
      settleMode: {
        column: hyCustomer.settleMode,
        type: 'number',
        filter: true,
        dict: 'settle_mode',
        title: '结算方式',
      },
      state: {
        column: hyCustomer.state,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'review_state',
        title: '审核状态',
      },
      status: {
        column: hyCustomer.status,
        type: 'number',
        filter: true,
        dict: 'customer_status',
        title: '状态',
      },
      createBy: { column: hyCustomer.createBy, type: 'string', filter: true },
      createTime: {
        column: hyCustomer.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '创建时间',
      },
    },
    createSchema: z.object(customerBody),
    updateSchema: z.object({ id: z.string().min(1).max(32), ...customerBody }),
  });

  registerReview(app, ctx, {
    path: '/customer/hyCustomer',
    entity: 'customer',
    permission: 'customer:manager',
    table: hyCustomer,
    id: hyCustomer.id,
    state: hyCustomer.state,
    tenantId: hyCustomer.tenantId,
  });

  r.get('/customer/hyCustomerAdmin/myList', { config: { access: 'login' } }, async (request) => {
    const session = request.session;
    if (!session) throw unauthorized();
    const rows = await db
      .select({ customerId: hyCustomer.id, customerName: hyCustomer.customerName })
      .from(hyCustomerAdmin)
      .innerJoin(hyCustomer, eq(hyCustomer.id, hyCustomerAdmin.customerId))
      .where(eq(hyCustomerAdmin.userId, session.user.id))
      .orderBy(hyCustomer.customerName);
    const list: CustomerOption[] = rows.map((row) => ({
      ...row,
      isUsed: row.customerId === session.user.cid ? 1 : 0,
    }));
    return ok(list);
  });

  const select = async (userId: string, customerId: string) => {
    const [link] = await db
      .select()
      .from(hyCustomerAdmin)
      .where(and(eq(hyCustomerAdmin.userId, userId), eq(hyCustomerAdmin.customerId, customerId)));
    if (!link) throw bizError('您无权管理该货主');
    await db.update(sysUser).set({ cid: customerId }).where(eq(sysUser.id, userId));
  };
  const selectOpts = { config: { access: 'login' as const }, schema: { body: selectCustomerBody } };
  for (const method of ['put', 'post'] as const) {
    r[method]('/customer/hyCustomerAdmin/selectCustomer', selectOpts, async (request) => {
      if (!request.session) throw unauthorized();
      await select(request.session.user.id, request.body.customerId);
      return okMessage(MSG.customerSwitched);
    });
  }

  ctx.counters.push(async ({ tenantId }) => {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(hyCustomer)
      .where(and(eq(hyCustomer.tenantId, tenantId), eq(hyCustomer.state, REVIEW_STATE.pending)));
    return { huozhuCount: Number(row?.count ?? 0) };
  });

  // spec §3 pending counts; every module that owns one of the tables adds its counter above.
  app.get('/hydriver/hyDriver/getDsXx', { config: { access: 'login' } }, async (request) => {
    const tenantId = request.session?.tenantId ?? 0;
    const counts: PendingCounts = {
      sijiCount: 0,
      cheCount: 0,
      huozhuCount: 0,
      yuejieZhangQi: 0,
      pijieZhangQi: 0,
      tangjieZhangQi: 0,
      dianfuZq: 0,
    };
    const parts = await Promise.all(ctx.counters.map((provider) => provider({ tenantId })));
    for (const part of parts) Object.assign(counts, part);
    return ok(counts);
  });
}
