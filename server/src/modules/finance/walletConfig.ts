import { WALLET_OWNER, type WalletConfigBody } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import { bizError } from '../../platform/http/errors.ts';
import { updateCustomerSettlement } from '../freight/index.ts';
import { ensureCustomerAccounts } from './accounts.ts';
import { Books } from './books.ts';
import type { FinActor, Finance } from './context.ts';
import { customerInScope } from './recharge.ts';
import { finWallet, finWalletConfig, finWalletConfigLog } from './schema.ts';
import { moneyTxChanging } from './tx.ts';

// 钱包配置: the customer's settlement terms (kept in step with the customer, whose new orders copy them), its
// credit limit (kept on the wallet, where every charge checks it under the wallet's lock), the prepayment cap
// and the bank settings. Every change is logged with the values before and after.

const LOGGED = [
  'settleMode',
  'creditDays',
  'creditLimitFen',
  'prepayRatioCapBp',
  'bankChannel',
  'subAccountNo',
  'remark',
] as const;

export async function saveWalletConfig(fin: Finance, actor: FinActor, body: WalletConfigBody) {
  if (actor.userType !== 1) throw bizError('钱包配置由平台财务维护');
  const customer = await customerInScope(fin.db, actor, body.customerId);
  if (body.bankChannel !== fin.bank.channel) throw bizError(`不支持的银行通道：${body.bankChannel}`);
  return moneyTxChanging(
    fin,
    ['fin_wallet_config', 'fin_wallet_config_log', 'fin_wallet', 'hy_customer'],
    async (tx) => {
      await ensureCustomerAccounts(tx, fin.bank, actor.tenantId, [customer.id]);
      const [before] = await tx
        .select()
        .from(finWalletConfig)
        .where(eq(finWalletConfig.customerId, customer.id))
        .for('update');
      const books = new Books(tx, actor.tenantId, actor.username);
      await books.lock([{ ownerType: WALLET_OWNER.customer, ownerId: customer.id }]);
      const wallet = books.wallet(WALLET_OWNER.customer, customer.id);
      if (wallet.balance - wallet.frozen < -body.creditLimitFen)
        throw bizError('授信额度不能低于货主已使用的授信金额');
      const [after] = await tx
        .update(finWalletConfig)
        .set({
          settleMode: body.settleMode,
          creditDays: body.creditDays,
          creditLimitFen: body.creditLimitFen,
          prepayRatioCapBp: body.prepayRatioCapBp,
          bankChannel: body.bankChannel,
          subAccountNo: body.subAccountNo || before?.subAccountNo || fin.bank.virtualAccount(customer.id),
          remark: body.remark ?? null,
          customerName: customer.customerName,
          updateBy: actor.username,
          updateTime: new Date(),
        })
        .where(eq(finWalletConfig.customerId, customer.id))
        .returning();
      await tx
        .update(finWallet)
        .set({ creditLimitFen: body.creditLimitFen, ownerName: customer.customerName })
        .where(eq(finWallet.id, wallet.row.id));
      await updateCustomerSettlement(
        tx,
        customer.id,
        { settleMode: body.settleMode, creditDays: body.creditDays, creditLimitFen: body.creditLimitFen },
        actor.username,
      );
      const pick = (row: Record<string, unknown> | undefined) =>
        row ? Object.fromEntries(LOGGED.map((k) => [k, row[k] ?? null])) : null;
      await tx.insert(finWalletConfigLog).values({
        tenantId: actor.tenantId,
        customerId: customer.id,
        customerName: customer.customerName,
        before: pick(before),
        after: pick(after) as Record<string, unknown>,
        operator: actor.username,
      });
      return after;
    },
  );
}
