import { driverBankBody } from '@freight/contracts';
import { and, desc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../platform/http/errors.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { registerResource } from '../../platform/resource/defineResource.ts';
import { enabledBank } from './banks.ts';
import { chinaDay } from './expiry.ts';
import { withId } from './parties.ts';
import { hyCaptain, hyCollectionAgreement, hyDriver, hyDriverBank } from './partySchema.ts';
import { registerReview, reviewOnWrite } from './review.ts';

type Row = Record<string, unknown>;

export const CARD_MSG = {
  driverMissing: '司机不存在',
  holderName: '持卡人姓名与身份证号不一致',
  noAgreement: '持卡人与司机不一致，且没有车队长代收运费协议',
} as const;

/**
 * Whose card may carry a driver's freight (domain.md driver bank card): the driver's own, or — only while a
 * collection agreement (代收运费协议) of the driver with their captain is in force — the captain's.
 */
export async function checkCardHolder(
  tx: DbOrTx,
  tenantId: number,
  driverId: string,
  holderName: string,
  holderIdCard: string,
): Promise<{ driverName: string }> {
  const [driver] = await tx
    .select({ driverName: hyDriver.driverName, idCard: hyDriver.idCard, captainId: hyDriver.captainId })
    .from(hyDriver)
    .where(and(eq(hyDriver.id, driverId), eq(hyDriver.tenantId, tenantId)));
  if (!driver) throw bizError(CARD_MSG.driverMissing);
  if (holderIdCard === driver.idCard) {
    if (holderName !== driver.driverName) throw bizError(CARD_MSG.holderName);
    return { driverName: driver.driverName };
  }
  if (driver.captainId) {
    const today = chinaDay(new Date());
    const [agreement] = await tx
      .select({ captainName: hyCaptain.captainName })
      .from(hyCollectionAgreement)
      .innerJoin(hyCaptain, eq(hyCaptain.id, hyCollectionAgreement.captainId))
      .where(
        and(
          eq(hyCollectionAgreement.captainId, driver.captainId),
          eq(hyCollectionAgreement.driverId, driverId),
          eq(hyCaptain.idCard, holderIdCard),
          or(isNull(hyCollectionAgreement.validFrom), lte(hyCollectionAgreement.validFrom, today)),
          or(isNull(hyCollectionAgreement.validTo), gte(hyCollectionAgreement.validTo, today)),
        ),
      );
    if (agreement) {
      if (agreement.captainName !== holderName) throw bizError(CARD_MSG.holderName);
      return { driverName: driver.driverName };
    }
  }
  throw bizError(CARD_MSG.noAgreement);
}

/** Makes `cardId` the driver's one default card (the others lose the mark first: a unique index holds it). */
async function makeDefault(tx: DbOrTx, driverId: string, cardId: string): Promise<void> {
  await tx
    .update(hyDriverBank)
    .set({ isDefault: false })
    .where(and(eq(hyDriverBank.driverId, driverId), ne(hyDriverBank.id, cardId)));
  await tx.update(hyDriverBank).set({ isDefault: true }).where(eq(hyDriverBank.id, cardId));
}

/** Driver bank cards (hyDriverBank): Luhn-checked numbers, holder rule, one default per driver, review. */
export function cardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const review = reviewOnWrite(
    'driverbank',
    hyDriverBank,
    hyDriverBank.id,
    hyDriverBank.state,
    hyDriverBank.tenantId,
  );

  registerResource(app, ctx, {
    dataLog: true,
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
      driverName: {
        column: hyDriverBank.driverName,
        type: 'string',
        filter: true,
        sort: true,
        title: '司机',
      },
      cardNo: { column: hyDriverBank.cardNo, type: 'string', filter: true, title: '银行卡号' },
      holderName: { column: hyDriverBank.holderName, type: 'string', filter: true, title: '持卡人' },
      holderIdCard: {
        column: hyDriverBank.holderIdCard,
        type: 'string',
        filter: true,
        title: '持卡人身份证号',
      },
      bankCode: { column: hyDriverBank.bankCode, type: 'string', filter: true, title: '银行代码' },
      bankName: { column: hyDriverBank.bankName, type: 'string', title: '开户银行' },
      branch: { column: hyDriverBank.branch, type: 'string', title: '开户网点' },
      reservedMobile: { column: hyDriverBank.reservedMobile, type: 'string', title: '预留手机号' },
      isDefault: { column: hyDriverBank.isDefault, type: 'boolean', filter: true, title: '默认' },
      state: {
        column: hyDriverBank.state,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'review_state',
        title: '审核状态',
      },
      rejectReason: { column: hyDriverBank.rejectReason, type: 'string', title: '驳回原因' },
      createTime: {
        column: hyDriverBank.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '创建时间',
      },
    },
    createSchema: driverBankBody as unknown as z.ZodType<Row>,
    updateSchema: withId(driverBankBody) as unknown as z.ZodType<Row & { id: string }>,
    async beforeWrite(values, mode, request, tx) {
      const tenantId = request.session?.tenantId ?? 0;
      let driverId = String(values.driverId);
      let wasDefault = false;
      if (mode === 'edit') {
        // A card stays with its driver; moving it would move a payee.
        const [stored] = await tx
          .select({ driverId: hyDriverBank.driverId, isDefault: hyDriverBank.isDefault })
          .from(hyDriverBank)
          .where(eq(hyDriverBank.id, String(values.id)));
        driverId = stored?.driverId ?? driverId;
        wasDefault = Boolean(stored?.isDefault);
      }
      const { driverName } = await checkCardHolder(
        tx,
        tenantId,
        driverId,
        String(values.holderName),
        String(values.holderIdCard),
      );
      const bank = await enabledBank(tx, String(values.bankCode));
      let isDefault = values.isDefault === true || wasDefault;
      if (mode === 'add' && !isDefault) {
        // A driver's first card is the default one.
        const [other] = await tx
          .select({ id: hyDriverBank.id })
          .from(hyDriverBank)
          .where(eq(hyDriverBank.driverId, driverId))
          .limit(1);
        isDefault = !other;
      }
      if (isDefault) {
        await tx
          .update(hyDriverBank)
          .set({ isDefault: false })
          .where(
            mode === 'edit'
              ? and(eq(hyDriverBank.driverId, driverId), ne(hyDriverBank.id, String(values.id)))
              : eq(hyDriverBank.driverId, driverId),
          );
      }
      return review(
        { ...values, driverId, driverName, bankCode: bank.bankCode, bankName: bank.bankName, isDefault },
        mode,
        request,
        tx,
      );
    },
    // The newest remaining card takes over as default when the default one goes.
    async afterDelete(rows, tx) {
      for (const row of rows.filter((r) => r.isDefault)) {
        const [next] = await tx
          .select({ id: hyDriverBank.id })
          .from(hyDriverBank)
          .where(eq(hyDriverBank.driverId, String(row.driverId)))
          .orderBy(desc(hyDriverBank.createTime))
          .limit(1);
        if (next) await makeDefault(tx, String(row.driverId), next.id);
      }
    },
  });

  registerReview(app, ctx, {
    path: '/hydriverbank/hyDriverBank',
    entity: 'driverbank',
    permission: 'driverbank',
    table: hyDriverBank,
    id: hyDriverBank.id,
    state: hyDriverBank.state,
    tenantId: hyDriverBank.tenantId,
  });

  r.post(
    '/hydriverbank/hyDriverBank/setDefault',
    {
      config: { access: perm('driverbank:edit') },
      schema: { body: z.object({ id: z.string().min(1).max(32) }) },
    },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      await ctx.db.transaction(async (tx) => {
        const [card] = await tx
          .select({ driverId: hyDriverBank.driverId })
          .from(hyDriverBank)
          .where(and(eq(hyDriverBank.id, request.body.id), eq(hyDriverBank.tenantId, session.tenantId)))
          .for('update');
        if (!card) throw bizError('未找到对应数据');
        await makeDefault(tx, card.driverId, request.body.id);
      });
      listTotalsOf(ctx.db).invalidate('hy_driver_bank');
      return okMessage('已设为默认银行卡');
    },
  );
}
