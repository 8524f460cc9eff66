import { driverBankResource, MASKED_RESIDENT_ID, maskIdCard } from '@freight/contracts';
import { and, desc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { piiEq } from '../../platform/crypto/piiColumn.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { enabledBank } from './banks.ts';
import { chinaDay } from './expiry.ts';
import { hyCaptain, hyCollectionAgreement, hyDriver, hyDriverBank } from './partySchema.ts';
import { registerReview, reviewOnWrite } from './review.ts';

export const CARD_MSG = {
  driverMissing: '司机不存在',
  wholeIdCard: '请填写完整的持卡人身份证号',
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
          piiEq(hyCaptain.idCard, holderIdCard),
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

/**
 * The holder's whole ID number: the form pre-fills the driver's own as the driver list shows it (masked), which
 * stands for the driver's number; any other masked value is refused.
 */
async function wholeHolderId(tx: DbOrTx, driverId: string, holderIdCard: string): Promise<string> {
  if (!MASKED_RESIDENT_ID.test(holderIdCard)) return holderIdCard;
  const [driver] = await tx
    .select({ idCard: hyDriver.idCard })
    .from(hyDriver)
    .where(eq(hyDriver.id, driverId));
  if (!driver || maskIdCard(driver.idCard) !== holderIdCard) throw bizError(CARD_MSG.wholeIdCard);
  return driver.idCard;
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

  bindResource(app, ctx, driverBankResource, hyDriverBank, {
    dataLog: true,
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
      const holderIdCard = await wholeHolderId(tx, driverId, String(values.holderIdCard));
      const { driverName } = await checkCardHolder(
        tx,
        tenantId,
        driverId,
        String(values.holderName),
        holderIdCard,
      );
      const bank = await enabledBank(tx, String(values.bankCode));
      let isDefault = values.isDefault === true || wasDefault;
      if (mode === 'add' && !isDefault) {
        // A driver's first card is the default one.
        const [other] = await idsWhere(tx, hyDriverBank, eq(hyDriverBank.driverId, driverId)).limit(1);
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
        {
          ...values,
          driverId,
          driverName,
          holderIdCard,
          bankCode: bank.bankCode,
          bankName: bank.bankName,
          isDefault,
        },
        mode,
        request,
        tx,
      );
    },
    // The newest remaining card takes over as default when the default one goes.
    async afterDelete(rows, tx) {
      for (const row of rows.filter((r) => r.isDefault)) {
        const [next] = await idsWhere(tx, hyDriverBank, eq(hyDriverBank.driverId, String(row.driverId)))
          .orderBy(desc(hyDriverBank.createTime))
          .limit(1);
        if (next) await makeDefault(tx, String(row.driverId), next.id);
      }
    },
  });

  registerReview(app, ctx, {
    path: driverBankResource.path,
    entity: 'driverbank',
    permission: driverBankResource.permission,
    table: hyDriverBank,
    id: hyDriverBank.id,
    state: hyDriverBank.state,
    tenantId: hyDriverBank.tenantId,
  });

  r.post(
    `${driverBankResource.path}/setDefault`,
    permitted('driverbank:edit', { body: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      await ctx.db.transaction(async (tx) => {
        const [card] = await tx
          .select({ driverId: hyDriverBank.driverId })
          .from(hyDriverBank)
          .where(and(eq(hyDriverBank.id, request.body.id), eq(hyDriverBank.tenantId, session.tenantId)))
          .for('update');
        if (!card) throw recordNotFound();
        await makeDefault(tx, card.driverId, request.body.id);
      });
      tablesWritten(ctx.db, hyDriverBank);
      return okMessage('已设为默认银行卡');
    },
  );
}
