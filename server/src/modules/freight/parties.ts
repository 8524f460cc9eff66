import {
  agentBody,
  captainBody,
  carrierBody,
  driverBankBody,
  driverBody,
  REVIEW_STATE,
  vehicleBody,
} from '@freight/contracts';
import { and, desc, eq, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { formatDateTime, ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { type ResourceDef, registerResource } from '../../platform/resource/defineResource.ts';
import type { FieldMap } from '../../platform/resource/query.ts';
import { hyCaptain, hyCarrier, hyDriver, hyDriverBank, hyDriverVehicle, hyVehicle } from './partySchema.ts';
import { type Reviewable, recordTransition, registerReview } from './review.ts';
import { hyAgent } from './schema.ts';

const idOnly = z.object({ id: z.string().min(1).max(32) });
const withId = <T extends z.ZodType>(schema: T) => idOnly.and(schema);

/** "Expires within N days" over the record's certificate dates (issue 7 §3). */
function expiringWithin(columns: PgColumn[]) {
  return (query: Record<string, unknown>): SQL | undefined => {
    const days = Number(query.expiringWithinDays);
    if (!query.expiringWithinDays || !Number.isInteger(days) || days < 0 || days > 3650) return undefined;
    const limit = formatDateTime(new Date(Date.now() + days * 86_400_000)).slice(0, 10);
    return or(...columns.map((c) => lte(c, limit)));
  };
}

interface PartyConfig {
  def: ResourceDef;
  review: Omit<Reviewable, 'path' | 'permission' | 'table' | 'id'>;
}

/**
 * Editing a rejected or expired record sends it back to review (domain.md: "an update re-enters 1");
 * the transition is logged like any review step.
 */
function resubmitOnEdit(
  entity: string,
  table: Reviewable['table'],
  idColumn: PgColumn,
  stateColumn: PgColumn,
  tenantColumn: PgColumn,
) {
  return async (
    values: Record<string, unknown>,
    mode: 'add' | 'edit',
    request: { session: { user: { username: string }; tenantId: number } | null },
    tx: DbOrTx,
  ) => {
    if (mode === 'add') return { ...values, state: REVIEW_STATE.pending };
    const [row] = await tx
      .select({ state: stateColumn })
      .from(table)
      .where(and(eq(idColumn, String(values.id)), eq(tenantColumn, request.session?.tenantId ?? 0)));
    const from = Number(row?.state);
    if (from === REVIEW_STATE.rejected || from === REVIEW_STATE.expired) {
      await recordTransition(
        tx,
        { entity, table, id: idColumn, state: stateColumn, tenantId: tenantColumn, path: '', permission: '' },
        String(values.id),
        from,
        REVIEW_STATE.pending,
        request.session?.user.username ?? 'system',
        '修改后重新提交',
      );
      return { ...values, state: REVIEW_STATE.pending, rejectReason: null };
    }
    return values;
  };
}

const reviewFields = (state: PgColumn, createTime: PgColumn): FieldMap => ({
  state: { column: state, type: 'number', filter: true, sort: true, dict: 'review_state', title: '审核状态' },
  createTime: { column: createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
});

export function partyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const parties: PartyConfig[] = [
    {
      def: {
        path: '/hydriver/hyDriver',
        permission: 'driver',
        title: '司机',
        table: hyDriver,
        id: hyDriver.id,
        scope: { tenant: true, dataRuleComponent: 'wlhy/hydriver/HyDriverList' },
        defaultOrder: [desc(hyDriver.createTime)],
        fields: {
          id: { column: hyDriver.id, type: 'string', filter: true },
          driverName: {
            column: hyDriver.driverName,
            type: 'string',
            filter: true,
            sort: true,
            title: '司机姓名',
          },
          mobile: { column: hyDriver.mobile, type: 'string', filter: true, title: '手机号' },
          idCard: { column: hyDriver.idCard, type: 'string', filter: true, title: '身份证号' },
          drivingClass: {
            column: hyDriver.drivingClass,
            type: 'string',
            filter: true,
            dict: 'driving_class',
            title: '准驾车型',
          },
          drivingValidTo: {
            column: hyDriver.drivingValidTo,
            type: 'string',
            filter: true,
            sort: true,
            title: '驾驶证有效期至',
          },
          idCardValidTo: {
            column: hyDriver.idCardValidTo,
            type: 'string',
            filter: true,
            sort: true,
            title: '身份证有效期至',
          },
          qualificationValidTo: {
            column: hyDriver.qualificationValidTo,
            type: 'string',
            filter: true,
            title: '从业资格证有效期至',
          },
          blacklisted: { column: hyDriver.blacklisted, type: 'boolean', filter: true, title: '黑名单' },
          captainId: { column: hyDriver.captainId, type: 'string', filter: true },
          ...reviewFields(hyDriver.state, hyDriver.createTime),
        },
        customFilter: expiringWithin([
          hyDriver.idCardValidTo,
          hyDriver.drivingValidTo,
          hyDriver.qualificationValidTo,
        ]),
        createSchema: driverBody as unknown as z.ZodType<Record<string, unknown>>,
        updateSchema: withId(driverBody) as unknown as z.ZodType<Record<string, unknown> & { id: string }>,
        beforeWrite: resubmitOnEdit('driver', hyDriver, hyDriver.id, hyDriver.state, hyDriver.tenantId),
      },
      review: { entity: 'driver', state: hyDriver.state, tenantId: hyDriver.tenantId },
    },
    {
      def: {
        path: '/hyvehicle/hyVehicle',
        permission: 'vehicle',
        title: '车辆',
        table: hyVehicle,
        id: hyVehicle.id,
        scope: { tenant: true, dataRuleComponent: 'wlhy/hyvehicle/HyVehicleList' },
        defaultOrder: [desc(hyVehicle.createTime)],
        fields: {
          id: { column: hyVehicle.id, type: 'string', filter: true },
          plateNo: { column: hyVehicle.plateNo, type: 'string', filter: true, sort: true, title: '车牌号' },
          plateColor: {
            column: hyVehicle.plateColor,
            type: 'string',
            filter: true,
            dict: 'plate_color',
            title: '车牌颜色',
          },
          vehicleType: {
            column: hyVehicle.vehicleType,
            type: 'string',
            filter: true,
            dict: 'vehicle_type',
            title: '车辆类型',
          },
          energyType: {
            column: hyVehicle.energyType,
            type: 'string',
            filter: true,
            dict: 'energy_type',
            title: '能源类型',
          },
          owner: { column: hyVehicle.owner, type: 'string', filter: true, title: '所有人' },
          ratedLoadKg: {
            column: hyVehicle.ratedLoadKg,
            type: 'number',
            filter: true,
            sort: true,
            title: '核定载质量(kg)',
          },
          licenseValidTo: {
            column: hyVehicle.licenseValidTo,
            type: 'string',
            filter: true,
            sort: true,
            title: '行驶证有效期至',
          },
          roadTransportValidTo: {
            column: hyVehicle.roadTransportValidTo,
            type: 'string',
            filter: true,
            title: '道路运输证有效期至',
          },
          ownership: {
            column: hyVehicle.ownership,
            type: 'number',
            filter: true,
            dict: 'vehicle_ownership',
            title: '车辆归属',
          },
          transportState: {
            column: hyVehicle.transportState,
            type: 'number',
            filter: true,
            dict: 'transport_state',
            title: '运输状态',
          },
          ...reviewFields(hyVehicle.state, hyVehicle.createTime),
        },
        customFilter: expiringWithin([hyVehicle.licenseValidTo, hyVehicle.roadTransportValidTo]),
        createSchema: vehicleBody as unknown as z.ZodType<Record<string, unknown>>,
        updateSchema: withId(vehicleBody) as unknown as z.ZodType<Record<string, unknown> & { id: string }>,
        beforeWrite: resubmitOnEdit('vehicle', hyVehicle, hyVehicle.id, hyVehicle.state, hyVehicle.tenantId),
      },
      review: { entity: 'vehicle', state: hyVehicle.state, tenantId: hyVehicle.tenantId },
    },
    {
      def: {
        path: '/carrier/hyCarrier',
        permission: 'carrier',
        title: '承运人',
        table: hyCarrier,
        id: hyCarrier.id,
        scope: { tenant: true },
        defaultOrder: [desc(hyCarrier.createTime)],
        fields: {
          id: { column: hyCarrier.id, type: 'string', filter: true },
          carrierName: {
            column: hyCarrier.carrierName,
            type: 'string',
            filter: true,
            sort: true,
            title: '承运人名称',
          },
          creditCode: {
            column: hyCarrier.creditCode,
            type: 'string',
            filter: true,
            title: '统一社会信用代码',
          },
          permitNo: {
            column: hyCarrier.permitNo,
            type: 'string',
            filter: true,
            title: '道路运输经营许可证号',
          },
          permitValidTo: {
            column: hyCarrier.permitValidTo,
            type: 'string',
            filter: true,
            sort: true,
            title: '许可证有效期至',
          },
          ...reviewFields(hyCarrier.state, hyCarrier.createTime),
        },
        customFilter: expiringWithin([hyCarrier.permitValidTo]),
        createSchema: carrierBody,
        updateSchema: withId(carrierBody) as unknown as z.ZodType<Record<string, unknown> & { id: string }>,
        beforeWrite: resubmitOnEdit('carrier', hyCarrier, hyCarrier.id, hyCarrier.state, hyCarrier.tenantId),
      },
      review: { entity: 'carrier', state: hyCarrier.state, tenantId: hyCarrier.tenantId },
    },
    {
      def: {
        path: '/captain/hyCaptain',
        permission: 'captain',
        title: '车队长',
        table: hyCaptain,
        id: hyCaptain.id,
        scope: { tenant: true },
        defaultOrder: [desc(hyCaptain.createTime)],
        fields: {
          id: { column: hyCaptain.id, type: 'string', filter: true },
          captainName: {
            column: hyCaptain.captainName,
            type: 'string',
            filter: true,
            sort: true,
            title: '车队长姓名',
          },
          idCard: { column: hyCaptain.idCard, type: 'string', filter: true, title: '身份证号' },
          mobile: { column: hyCaptain.mobile, type: 'string', filter: true, title: '手机号' },
          feeMode: {
            column: hyCaptain.feeMode,
            type: 'number',
            filter: true,
            dict: 'fee_mode',
            title: '佣金方式',
          },
          ...reviewFields(hyCaptain.state, hyCaptain.createTime),
        },
        createSchema: captainBody,
        updateSchema: withId(captainBody) as unknown as z.ZodType<Record<string, unknown> & { id: string }>,
        beforeWrite: resubmitOnEdit('captain', hyCaptain, hyCaptain.id, hyCaptain.state, hyCaptain.tenantId),
      },
      review: { entity: 'captain', state: hyCaptain.state, tenantId: hyCaptain.tenantId },
    },
    {
      def: {
        path: '/agent/hyAgent',
        permission: 'agent',
        title: '经纪人',
        table: hyAgent,
        id: hyAgent.id,
        scope: { tenant: true },
        defaultOrder: [desc(hyAgent.createTime)],
        fields: {
          id: { column: hyAgent.id, type: 'string', filter: true },
          agentName: {
            column: hyAgent.agentName,
            type: 'string',
            filter: true,
            sort: true,
            title: '经纪人姓名',
          },
          idCard: { column: hyAgent.idCard, type: 'string', filter: true, title: '身份证号' },
          mobile: { column: hyAgent.mobile, type: 'string', filter: true, title: '手机号' },
          feeMode: {
            column: hyAgent.feeMode,
            type: 'number',
            filter: true,
            dict: 'fee_mode',
            title: '佣金方式',
          },
          ...reviewFields(hyAgent.state, hyAgent.createTime),
        },
        createSchema: agentBody,
        updateSchema: withId(agentBody) as unknown as z.ZodType<Record<string, unknown> & { id: string }>,
        beforeWrite: resubmitOnEdit('agent', hyAgent, hyAgent.id, hyAgent.state, hyAgent.tenantId),
      },
      review: { entity: 'agent', state: hyAgent.state, tenantId: hyAgent.tenantId },
    },
    {
      def: {
        path: '/hydriverbank/hyDriverBank',
        permission: 'driverbank',
        title: '司机银行卡',
        table: hyDriverBank,
        id: hyDriverBank.id,
        scope: { tenant: true },
        defaultOrder: [desc(hyDriverBank.createTime)],
        fields: {
          id: { column: hyDriverBank.id, type: 'string', filter: true },
          driverId: { column: hyDriverBank.driverId, type: 'string', filter: true },
          cardNo: { column: hyDriverBank.cardNo, type: 'string', filter: true, title: '银行卡号' },
          holderName: { column: hyDriverBank.holderName, type: 'string', filter: true, title: '持卡人' },
          bankCode: {
            column: hyDriverBank.bankCode,
            type: 'string',
            filter: true,
            dict: 'bank',
            title: '开户银行',
          },
          isDefault: { column: hyDriverBank.isDefault, type: 'boolean', filter: true, title: '默认' },
          ...reviewFields(hyDriverBank.state, hyDriverBank.createTime),
        },
        createSchema: driverBankBody as unknown as z.ZodType<Record<string, unknown>>,
        updateSchema: withId(driverBankBody) as unknown as z.ZodType<
          Record<string, unknown> & { id: string }
        >,
        async beforeWrite(values, mode, request, tx) {
          await checkCardHolder(tx, values, request.session?.tenantId ?? 0);
          if (values.isDefault) {
            await tx
              .update(hyDriverBank)
              .set({ isDefault: false })
              .where(eq(hyDriverBank.driverId, String(values.driverId)));
          }
          return resubmitOnEdit(
            'driverbank',
            hyDriverBank,
            hyDriverBank.id,
            hyDriverBank.state,
            hyDriverBank.tenantId,
          )(values, mode, request, tx);
        },
      },
      review: { entity: 'driverbank', state: hyDriverBank.state, tenantId: hyDriverBank.tenantId },
    },
  ];

  for (const party of parties) {
    registerResource(app, ctx, party.def);
    const table = party.def.table;
    registerReview(app, ctx, {
      ...party.review,
      path: party.def.path,
      permission: party.def.permission,
      table,
      id: party.def.id as PgColumn,
    });
  }

  // Driver ↔ vehicle bindings (many-to-many, one default per driver).
  r.post(
    '/hydriver/hyDriver/bindVehicle',
    {
      config: { access: perm('driver:edit') },
      schema: {
        body: z.object({
          driverId: z.string().max(32),
          vehicleId: z.string().max(32),
          isDefault: z.boolean().optional(),
        }),
      },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const { driverId, vehicleId, isDefault } = request.body;
      await db.transaction(async (tx) => {
        const [driver] = await tx
          .select({ id: hyDriver.id })
          .from(hyDriver)
          .where(and(eq(hyDriver.id, driverId), eq(hyDriver.tenantId, session.tenantId)));
        const [vehicle] = await tx
          .select({ id: hyVehicle.id })
          .from(hyVehicle)
          .where(and(eq(hyVehicle.id, vehicleId), eq(hyVehicle.tenantId, session.tenantId)));
        if (!driver || !vehicle) throw bizError('司机或车辆不存在');
        if (isDefault)
          await tx
            .update(hyDriverVehicle)
            .set({ isDefault: false })
            .where(eq(hyDriverVehicle.driverId, driverId));
        await tx
          .insert(hyDriverVehicle)
          .values({ driverId, vehicleId, isDefault: !!isDefault })
          .onConflictDoUpdate({
            target: [hyDriverVehicle.driverId, hyDriverVehicle.vehicleId],
            set: { isDefault: !!isDefault },
          });
      });
      return okMessage('绑定成功');
    },
  );
  r.delete(
    '/hydriver/hyDriver/unbindVehicle',
    {
      config: { access: perm('driver:edit') },
      schema: { querystring: z.object({ driverId: z.string().max(32), vehicleId: z.string().max(32) }) },
    },
    async (request) => {
      await db
        .delete(hyDriverVehicle)
        .where(
          and(
            eq(hyDriverVehicle.driverId, request.query.driverId),
            eq(hyDriverVehicle.vehicleId, request.query.vehicleId),
          ),
        );
      return okMessage('解绑成功');
    },
  );
  r.get(
    '/hydriver/hyDriver/vehicles',
    {
      config: { access: perm('driver:list') },
      schema: { querystring: z.object({ driverId: z.string().max(32) }) },
    },
    async (request) =>
      ok(
        await db
          .select({
            id: hyVehicle.id,
            plateNo: hyVehicle.plateNo,
            plateColor: hyVehicle.plateColor,
            state: hyVehicle.state,
            isDefault: hyDriverVehicle.isDefault,
          })
          .from(hyDriverVehicle)
          .innerJoin(hyVehicle, eq(hyVehicle.id, hyDriverVehicle.vehicleId))
          .where(
            and(
              eq(hyDriverVehicle.driverId, request.query.driverId),
              eq(hyVehicle.tenantId, request.session?.tenantId ?? 0),
            ),
          ),
      ),
  );
  r.post(
    '/hydriver/hyDriver/blacklist',
    {
      config: { access: perm('driver:edit') },
      schema: {
        body: z
          .object({
            id: z.string().max(32),
            blacklisted: z.boolean(),
            reason: z.string().trim().max(255).optional(),
          })
          .refine((v) => !v.blacklisted || !!v.reason, {
            message: '加入黑名单必须填写原因',
            path: ['reason'],
          }),
      },
    },
    async (request) => {
      const updated = await db
        .update(hyDriver)
        .set({
          blacklisted: request.body.blacklisted,
          blacklistReason: request.body.blacklisted ? request.body.reason : null,
          updateTime: new Date(),
        })
        .where(and(eq(hyDriver.id, request.body.id), eq(hyDriver.tenantId, request.session?.tenantId ?? 0)))
        .returning({ id: hyDriver.id });
      if (!updated.length) throw bizError('未找到对应数据');
      return okMessage(request.body.blacklisted ? '已加入黑名单' : '已移出黑名单');
    },
  );

  // Banks are the seeded `bank` dictionary: code and name, used by the card forms.
  r.get('/bank/hyBank/list', { config: { access: 'login' } }, async () => {
    const records = ctx.dicts.items('bank');
    return ok({
      records: records.map((b) => ({ bankCode: b.value, bankName: b.text })),
      total: records.length,
      size: records.length,
      current: 1,
      pages: 1,
    });
  });

  ctx.counters.push(async ({ tenantId }) => {
    const pending = async (table: typeof hyDriver | typeof hyVehicle) => {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(and(eq(table.tenantId, tenantId), eq(table.state, REVIEW_STATE.pending)));
      return Number(row?.n ?? 0);
    };
    const [sijiCount, cheCount] = await Promise.all([pending(hyDriver), pending(hyVehicle)]);
    return { sijiCount, cheCount };
  });
}

/** A card whose holder is not the driver is valid only under a captain's collection agreement (domain.md). */
async function checkCardHolder(tx: DbOrTx, values: Record<string, unknown>, tenantId: number): Promise<void> {
  const [driver] = await tx
    .select()
    .from(hyDriver)
    .where(and(eq(hyDriver.id, String(values.driverId)), eq(hyDriver.tenantId, tenantId)));
  if (!driver) throw bizError('司机不存在');
  if (values.holderIdCard === driver.idCard) return;
  if (driver.captainId) {
    const [captain] = await tx.select().from(hyCaptain).where(eq(hyCaptain.id, driver.captainId));
    if (captain?.collectionAgreement && captain.idCard === values.holderIdCard) return;
  }
  throw bizError('持卡人与司机不一致，且没有车队长代收运费协议');
}
