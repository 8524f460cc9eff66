import { agentBody, captainBody, carrierBody, driverBody, vehicleBody } from '@freight/contracts';
import { desc, eq, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { type ResourceDef, registerResource } from '../../platform/resource/defineResource.ts';
import type { FieldMap } from '../../platform/resource/query.ts';
import { CERTIFIED_PARTIES, certificateExpiryJob, chinaDay, refuseLapsed } from './expiry.ts';
import { registerImportTemplate, type TemplateColumn, withDictValues } from './partyImport.ts';
import {
  hyCaptain,
  hyCarrier,
  hyCollectionAgreement,
  hyDriver,
  hyDriverBank,
  hyDriverVehicle,
  hyVehicle,
} from './partySchema.ts';
import { pendingCountersOf, pendingCountsChanged } from './pendingCounters.ts';
import { type Reviewable, registerReview, reviewOnWrite } from './review.ts';
import { hyAgent } from './schema.ts';

type Row = Record<string, unknown>;
type AnySchema = z.ZodType<Row>;
type EditSchema = z.ZodType<Row & { id: string }>;

const idOnly = z.object({ id: z.string().min(1).max(32) });
/** An edit body: the add body plus the record's id. */
export const withId = (schema: z.ZodType) => idOnly.and(schema);

/** "Expires within N days" over the record's certificate dates (issue 7 §3): `?expiringWithinDays=30`. */
export function expiringWithin(columns: PgColumn[]) {
  return (query: Record<string, unknown>): SQL | undefined => {
    const raw = query.expiringWithinDays;
    if (raw === undefined || raw === null || raw === '') return undefined;
    const days = Number(raw);
    if (!Number.isInteger(days) || days < 0 || days > 3650) return undefined;
    const limit = chinaDay(new Date(), days);
    return or(...columns.map((c) => lte(c, limit)));
  };
}

const reviewFields = (state: PgColumn, rejectReason: PgColumn, createTime: PgColumn): FieldMap => ({
  state: { column: state, type: 'number', filter: true, sort: true, dict: 'review_state', title: '审核状态' },
  rejectReason: { column: rejectReason, type: 'string', title: '驳回原因' },
  createTime: { column: createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
});

interface Party {
  def: ResourceDef;
  review: Omit<Reviewable, 'path' | 'permission' | 'table' | 'id'>;
}

/**
 * Drivers, vehicles, carriers, captains and agents (issue 7): the standard actions of the resource pattern,
 * review, resubmission on edit, "expires within N days", import templates. Bindings live in bindings.ts,
 * cards in cards.ts.
 */
export function partyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const counters = pendingCountersOf(ctx.db);
  const changed = async () => pendingCountsChanged(ctx);
  const onWrite = reviewOnWrite;
  const driverFields: FieldMap = {
    id: { column: hyDriver.id, type: 'string', filter: true },
    driverName: { column: hyDriver.driverName, type: 'string', filter: true, sort: true, title: '司机姓名' },
    mobile: { column: hyDriver.mobile, type: 'string', filter: true, title: '手机号' },
    idCard: { column: hyDriver.idCard, type: 'string', filter: true, title: '身份证号' },
    idCardValidFrom: { column: hyDriver.idCardValidFrom, type: 'string', title: '身份证有效期起' },
    idCardValidTo: {
      column: hyDriver.idCardValidTo,
      type: 'string',
      filter: true,
      sort: true,
      title: '身份证有效期至',
    },
    drivingClass: {
      column: hyDriver.drivingClass,
      type: 'string',
      filter: true,
      dict: 'driving_class',
      title: '准驾车型',
    },
    drivingFileNo: { column: hyDriver.drivingFileNo, type: 'string', title: '驾驶证档案编号' },
    drivingIssuer: { column: hyDriver.drivingIssuer, type: 'string', title: '驾驶证发证机关' },
    drivingValidFrom: { column: hyDriver.drivingValidFrom, type: 'string', title: '驾驶证有效期起' },
    drivingValidTo: {
      column: hyDriver.drivingValidTo,
      type: 'string',
      filter: true,
      sort: true,
      title: '驾驶证有效期至',
    },
    qualificationNo: { column: hyDriver.qualificationNo, type: 'string', title: '从业资格证号' },
    qualificationValidTo: {
      column: hyDriver.qualificationValidTo,
      type: 'string',
      filter: true,
      sort: true,
      title: '从业资格证有效期至',
    },
    taxEntrusted: { column: hyDriver.taxEntrusted, type: 'boolean', filter: true, title: '委托代征' },
    blacklisted: { column: hyDriver.blacklisted, type: 'boolean', filter: true, title: '黑名单' },
    blacklistReason: { column: hyDriver.blacklistReason, type: 'string', title: '拉黑原因' },
    score: { column: hyDriver.score, type: 'number', sort: true },
    captainId: { column: hyDriver.captainId, type: 'string', filter: true },
    ...reviewFields(hyDriver.state, hyDriver.rejectReason, hyDriver.createTime),
  };

  const vehicleFields: FieldMap = {
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
    owner: { column: hyVehicle.owner, type: 'string', filter: true, title: '所有人' },
    useCharacter: { column: hyVehicle.useCharacter, type: 'string', title: '使用性质' },
    vin: { column: hyVehicle.vin, type: 'string', filter: true, title: '车辆识别代号' },
    energyType: {
      column: hyVehicle.energyType,
      type: 'string',
      filter: true,
      dict: 'energy_type',
      title: '能源类型',
    },
    ratedLoadKg: {
      column: hyVehicle.ratedLoadKg,
      type: 'number',
      filter: true,
      sort: true,
      title: '核定载质量(kg)',
    },
    grossMassKg: {
      column: hyVehicle.grossMassKg,
      type: 'number',
      filter: true,
      sort: true,
      title: '总质量(kg)',
    },
    licenseIssuer: { column: hyVehicle.licenseIssuer, type: 'string', title: '行驶证发证机关' },
    registerDate: { column: hyVehicle.registerDate, type: 'string', title: '注册日期' },
    issueDate: { column: hyVehicle.issueDate, type: 'string', title: '发证日期' },
    licenseValidTo: {
      column: hyVehicle.licenseValidTo,
      type: 'string',
      filter: true,
      sort: true,
      title: '行驶证有效期至',
    },
    roadTransportNo: {
      column: hyVehicle.roadTransportNo,
      type: 'string',
      filter: true,
      title: '道路运输证号',
    },
    roadTransportValidTo: {
      column: hyVehicle.roadTransportValidTo,
      type: 'string',
      filter: true,
      sort: true,
      title: '道路运输证有效期至',
    },
    trailerPlateNo: { column: hyVehicle.trailerPlateNo, type: 'string', title: '挂车车牌号' },
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
    captainId: { column: hyVehicle.captainId, type: 'string', filter: true },
    ...reviewFields(hyVehicle.state, hyVehicle.rejectReason, hyVehicle.createTime),
  };

  const [driverCerts, vehicleCerts] = CERTIFIED_PARTIES;
  const parties: Party[] = [
    {
      def: {
        path: '/hydriver/hyDriver',
        permission: 'driver',
        title: '司机',
        table: hyDriver,
        id: hyDriver.id,
        scope: { tenant: true, dataRuleComponent: 'wlhy/hydriver/HyDriverList' },
        defaultOrder: [desc(hyDriver.createTime)],
        fields: driverFields,
        customFilter: expiringWithin([
          hyDriver.idCardValidTo,
          hyDriver.drivingValidTo,
          hyDriver.qualificationValidTo,
        ]),
        createSchema: driverBody as unknown as AnySchema,
        updateSchema: withId(driverBody) as unknown as EditSchema,
        importSchema: withDictValues(driverBody as unknown as AnySchema, ctx.dicts, driverFields),
        beforeWrite: onWrite('driver', hyDriver, hyDriver.id, hyDriver.state, hyDriver.tenantId),
        async afterWrite(row, mode, tx) {
          if (mode === 'edit')
            await tx
              .update(hyDriverBank)
              .set({ driverName: String(row.driverName) })
              .where(eq(hyDriverBank.driverId, String(row.id)));
        },
        // A driver's bindings, cards and agreements go with the driver.
        async afterDelete(rows, tx) {
          const ids = rows.map((r) => String(r.id));
          await tx.delete(hyDriverVehicle).where(inArray(hyDriverVehicle.driverId, ids));
          await tx.delete(hyDriverBank).where(inArray(hyDriverBank.driverId, ids));
          await tx.delete(hyCollectionAgreement).where(inArray(hyCollectionAgreement.driverId, ids));
        },
        onChange: changed,
      },
      review: {
        entity: 'driver',
        state: hyDriver.state,
        tenantId: hyDriver.tenantId,
        beforeApprove: refuseLapsed(driverCerts),
      },
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
        fields: vehicleFields,
        customFilter: expiringWithin([hyVehicle.licenseValidTo, hyVehicle.roadTransportValidTo]),
        createSchema: vehicleBody as unknown as AnySchema,
        updateSchema: withId(vehicleBody) as unknown as EditSchema,
        importSchema: withDictValues(vehicleBody as unknown as AnySchema, ctx.dicts, vehicleFields),
        beforeWrite: onWrite('vehicle', hyVehicle, hyVehicle.id, hyVehicle.state, hyVehicle.tenantId),
        async afterDelete(rows, tx) {
          const ids = rows.map((r) => String(r.id));
          await tx.delete(hyDriverVehicle).where(inArray(hyDriverVehicle.vehicleId, ids));
        },
        onChange: changed,
      },
      review: {
        entity: 'vehicle',
        state: hyVehicle.state,
        tenantId: hyVehicle.tenantId,
        beforeApprove: refuseLapsed(vehicleCerts),
      },
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
          carrierType: {
            column: hyCarrier.carrierType,
            type: 'number',
            filter: true,
            dict: 'carrier_type',
            title: '承运人类型',
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
          legalPerson: { column: hyCarrier.legalPerson, type: 'string', filter: true, title: '法定代表人' },
          contactMobile: { column: hyCarrier.contactMobile, type: 'string', filter: true, title: '联系电话' },
          bankName: { column: hyCarrier.bankName, type: 'string', title: '开户银行' },
          bankAccount: { column: hyCarrier.bankAccount, type: 'string', title: '银行账号' },
          ...reviewFields(hyCarrier.state, hyCarrier.rejectReason, hyCarrier.createTime),
        },
        customFilter: expiringWithin([hyCarrier.permitValidTo]),
        createSchema: carrierBody as unknown as AnySchema,
        updateSchema: withId(carrierBody) as unknown as EditSchema,
        beforeWrite: onWrite('carrier', hyCarrier, hyCarrier.id, hyCarrier.state, hyCarrier.tenantId),
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
          feeValue: { column: hyCaptain.feeValue, type: 'number', title: '佣金标准' },
          ...reviewFields(hyCaptain.state, hyCaptain.rejectReason, hyCaptain.createTime),
        },
        createSchema: captainBody as unknown as AnySchema,
        updateSchema: withId(captainBody) as unknown as EditSchema,
        beforeWrite: onWrite('captain', hyCaptain, hyCaptain.id, hyCaptain.state, hyCaptain.tenantId),
        // The fleet dissolves with its captain: members stay, their agreements with this captain end.
        async afterDelete(rows, tx) {
          const ids = rows.map((r) => String(r.id));
          await tx.update(hyDriver).set({ captainId: null }).where(inArray(hyDriver.captainId, ids));
          await tx.update(hyVehicle).set({ captainId: null }).where(inArray(hyVehicle.captainId, ids));
          await tx.delete(hyCollectionAgreement).where(inArray(hyCollectionAgreement.captainId, ids));
        },
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
          feeValue: { column: hyAgent.feeValue, type: 'number', title: '佣金标准' },
          ...reviewFields(hyAgent.state, hyAgent.rejectReason, hyAgent.createTime),
        },
        createSchema: agentBody as unknown as AnySchema,
        updateSchema: withId(agentBody) as unknown as EditSchema,
        beforeWrite: onWrite('agent', hyAgent, hyAgent.id, hyAgent.state, hyAgent.tenantId),
      },
      review: { entity: 'agent', state: hyAgent.state, tenantId: hyAgent.tenantId },
    },
  ];

  for (const party of parties) {
    registerResource(app, ctx, { ...party.def, dataLog: true });
    registerReview(app, ctx, {
      ...party.review,
      path: party.def.path,
      permission: party.def.permission,
      table: party.def.table,
      id: party.def.id as PgColumn,
    });
  }

  registerImportTemplate(app, {
    path: '/hydriver/hyDriver',
    permission: 'driver',
    title: '司机',
    columns: DRIVER_TEMPLATE,
  });
  registerImportTemplate(app, {
    path: '/hyvehicle/hyVehicle',
    permission: 'vehicle',
    title: '车辆',
    columns: VEHICLE_TEMPLATE,
  });

  ctx.jobs.register(certificateExpiryJob(ctx));
  ctx.counters.push(async ({ tenantId }) => {
    const { sijiCount, cheCount } = await counters.get(tenantId);
    return { sijiCount, cheCount };
  });
}

const DATE_NOTE = '日期，格式 YYYY-MM-DD';

export const DRIVER_TEMPLATE: TemplateColumn[] = [
  { title: '司机姓名', required: true, note: '与身份证一致，最多30字' },
  { title: '手机号', required: true, note: '11位手机号码，1开头，第二位3-9' },
  { title: '身份证号', required: true, note: '18位居民身份证号（校验位为X时填大写X）', width: 22 },
  { title: '身份证有效期起', note: DATE_NOTE },
  { title: '身份证有效期至', note: `${DATE_NOTE}，不早于有效期起` },
  { title: '准驾车型', note: 'A1、A2、B1、B2、C1' },
  { title: '驾驶证档案编号', note: '驾驶证副页上的12位档案编号' },
  { title: '驾驶证发证机关' },
  { title: '驾驶证有效期起', note: DATE_NOTE },
  { title: '驾驶证有效期至', note: `${DATE_NOTE}，不早于有效期起` },
  { title: '从业资格证号', note: '4.5吨及以下车辆的司机可不填' },
  { title: '从业资格证有效期至', note: DATE_NOTE },
];

export const VEHICLE_TEMPLATE: TemplateColumn[] = [
  { title: '车牌号', required: true, note: '如 苏A12345；新能源车牌 8 位，如 苏AD12345' },
  { title: '车牌颜色', note: '蓝色、黄色、黑色、白色、绿色、黄绿色等（默认黄色）' },
  { title: '车辆类型', note: '行驶证上的车辆类型，如 重型半挂牵引车、普通货车' },
  { title: '所有人', note: '行驶证上的所有人' },
  { title: '使用性质', note: '如 货运' },
  { title: '车辆识别代号', note: '17位VIN，不含 I、O、Q', width: 22 },
  { title: '能源类型', note: '汽油、柴油、电、天然气、混合动力等' },
  { title: '核定载质量(kg)', note: '整数，单位千克' },
  { title: '总质量(kg)', note: '整数，单位千克；超过4500千克须填道路运输证号' },
  { title: '行驶证发证机关' },
  { title: '注册日期', note: DATE_NOTE },
  { title: '发证日期', note: `${DATE_NOTE}，不早于注册日期` },
  { title: '行驶证有效期至', note: DATE_NOTE },
  { title: '道路运输证号', note: '总质量4.5吨以上必填' },
  { title: '道路运输证有效期至', note: DATE_NOTE },
  { title: '挂车车牌号' },
  { title: '车辆归属', note: '自有、挂靠、租赁' },
];
