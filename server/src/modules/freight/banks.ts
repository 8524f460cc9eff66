import { bankResource } from '@freight/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { hyBank, hyDriverBank } from './partySchema.ts';

/**
 * Banks a driver's card may be opened at, with the short codes the regulator's fund-flow record carries
 * (`bankCode`, e.g. COMM). Seeded on every start; an administrator may add, rename or disable one.
 */
export const NATIONAL_BANKS: ReadonlyArray<readonly [code: string, name: string, short: string]> = [
  ['ICBC', '中国工商银行', '工商银行'],
  ['ABC', '中国农业银行', '农业银行'],
  ['BOC', '中国银行', '中国银行'],
  ['CCB', '中国建设银行', '建设银行'],
  ['COMM', '交通银行', '交通银行'],
  ['PSBC', '中国邮政储蓄银行', '邮储银行'],
  ['CMB', '招商银行', '招商银行'],
  ['CITIC', '中信银行', '中信银行'],
  ['CEB', '中国光大银行', '光大银行'],
  ['CMBC', '中国民生银行', '民生银行'],
  ['SPDB', '上海浦东发展银行', '浦发银行'],
  ['CIB', '兴业银行', '兴业银行'],
  ['GDB', '广发银行', '广发银行'],
  ['PAB', '平安银行', '平安银行'],
  ['HXB', '华夏银行', '华夏银行'],
  ['CZB', '浙商银行', '浙商银行'],
  ['CBHB', '渤海银行', '渤海银行'],
  ['EGB', '恒丰银行', '恒丰银行'],
  ['BOB', '北京银行', '北京银行'],
  ['BOSH', '上海银行', '上海银行'],
  ['JSB', '江苏银行', '江苏银行'],
  ['NJCB', '南京银行', '南京银行'],
  ['NBCB', '宁波银行', '宁波银行'],
  ['HZB', '杭州银行', '杭州银行'],
  ['RCC', '农村信用社', '农信社'],
  ['RCB', '农村商业银行', '农商银行'],
];

/** Inserts the national list; a bank an administrator changed is left as it is. */
export async function seedBanks(db: Db): Promise<void> {
  await db
    .insert(hyBank)
    .values(
      NATIONAL_BANKS.map(([bankCode, bankName, shortName], i) => ({
        bankCode,
        bankName,
        shortName,
        sortNo: i + 1,
        createBy: 'system',
      })),
    )
    .onConflictDoNothing();
}

/** The enabled bank of a code, or a refusal naming the problem (card forms, imports). */
export async function enabledBank(tx: DbOrTx, code: string): Promise<{ bankCode: string; bankName: string }> {
  const [bank] = await tx
    .select({ bankCode: hyBank.bankCode, bankName: hyBank.bankName, enabled: hyBank.enabled })
    .from(hyBank)
    .where(eq(hyBank.bankCode, code.trim().toUpperCase()));
  if (!bank?.enabled) throw bizError('开户银行不存在或已停用');
  return { bankCode: bank.bankCode, bankName: bank.bankName };
}

export function bankRoutes(app: FastifyInstance, ctx: AppContext): void {
  bindResource(app, ctx, bankResource, hyBank, {
    dataLog: true,
    defaultOrder: [asc(hyBank.sortNo), asc(hyBank.bankCode)],
    // A bank with cards is disabled, not deleted: the cards and the fund-flow records name it.
    async beforeDelete(ids, tx) {
      const banks = await tx.select({ code: hyBank.bankCode }).from(hyBank).where(inArray(hyBank.id, ids));
      if (banks.length === 0) return;
      const [used] = await idsWhere(
        tx,
        hyDriverBank,
        inArray(
          hyDriverBank.bankCode,
          banks.map((b) => b.code),
        ),
      ).limit(1);
      if (used) throw bizError('该银行已有银行卡使用，不能删除，请改为停用');
    },
  });

  // The card forms' choice of banks: every signed-in user who may edit a card needs it, not only bank admins.
  app.get('/bank/hyBank/options', { config: { access: 'login', audit: false } }, async () =>
    ok(
      await ctx.db
        .select({ bankCode: hyBank.bankCode, bankName: hyBank.bankName, shortName: hyBank.shortName })
        .from(hyBank)
        .where(and(eq(hyBank.enabled, true)))
        .orderBy(asc(hyBank.sortNo), asc(hyBank.bankCode)),
    ),
  );
}
