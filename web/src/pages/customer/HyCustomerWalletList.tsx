// 货主钱包: customers' wallets (balance, frozen, available, credit limit) from the wallet
// declaration, with the ledger drawer, a recharge through the bank adapter (the simulated bank credits at
// once), a recharge with a voucher image that a second user credits against a matching bank-statement line
// (maker-checker, the 充值记录 tab) and freeze/unfreeze with a reason. A customer user sees its own wallet only
// (the declaration's scope).
import { customerWalletResource } from '@freight/contracts';
import { Typography } from 'antd';
import { useState } from 'react';
import { InfoList } from '../../components/common/InfoList';
import { AmountDialog } from '../../components/finance/AmountDialog';
import { type LedgerAccount, LedgerDrawer } from '../../components/finance/LedgerDrawer';
import { announceMoneyChange, yuan } from '../../components/finance/money';
import { RechargeRecords, VoucherRechargeDialog } from '../../components/finance/VoucherRecharge';
import { usePageDialog, useResourcePage } from '../../components/resource';
import { ResourceTabs } from '../../components/resource/ResourceTabs';
import { useBilingual } from '../../components/resource/text';
import { getEnvelope } from '../../services/request';

type Row = Record<string, unknown>;
type Dialog = { kind: 'recharge' | 'voucher' | 'freeze' | 'unfreeze'; row: Row; account?: string };

const strong = (value: unknown) => <Typography.Text strong>{yuan(value)}</Typography.Text>;

export default function HyCustomerWalletList() {
  const tx = useBilingual();
  const [ledger, setLedger] = useState<LedgerAccount | null>(null);
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceMoneyChange);
  const def = useResourcePage(customerWalletResource, [], () => ({
    view: 'customers',
    fields: {
      availableFen: { render: strong },
      frozenFen: {
        render: (value) =>
          Number(value) > 0 ? <Typography.Text type="warning">{yuan(value)}</Typography.Text> : yuan(value),
      },
    },
    rowActions: [
      {
        key: 'ledger',
        label: ['流水', 'Ledger'],
        perm: 'finance:ledger:list',
        run: (row) => setLedger({ walletId: String(row.id), name: String(row.ownerName ?? '') }),
      },
      {
        key: 'recharge',
        label: ['充值', 'Recharge'],
        perm: 'customer:wallet:recharge',
        run: async (row) => {
          // The customer's virtual sub-account at the partner bank, shown in the dialog.
          const env = await getEnvelope<{ accountNo?: string }>('/customer/hyCustomerWallet/virtualAccount', {
            customerId: row.ownerId,
          }).catch(() => null);
          setDialog({ kind: 'recharge', row, account: env?.result?.accountNo });
        },
      },
      {
        key: 'voucher',
        label: ['凭证充值', 'Voucher recharge'],
        perm: 'customer:wallet:recharge',
        run: (row) => setDialog({ kind: 'voucher', row }),
      },
      {
        key: 'freeze',
        label: ['冻结', 'Freeze'],
        perm: 'customer:wallet:freeze',
        visible: (row) => Number(row.availableFen) > 0,
        run: (row) => setDialog({ kind: 'freeze', row }),
      },
      {
        key: 'unfreeze',
        label: ['解冻', 'Unfreeze'],
        perm: 'customer:wallet:freeze',
        visible: (row) => Number(row.frozenFen) > 0,
        run: (row) => setDialog({ kind: 'unfreeze', row }),
      },
    ],
  }));
  const row = dialog?.row ?? {};
  const name = String(row.ownerName ?? '');
  const intro = dialog && (
    <InfoList
      items={[
        [tx(['货主', 'Customer']), name],
        [tx(['余额', 'Balance']), yuan(row.balanceFen)],
        [tx(['冻结', 'Frozen']), yuan(row.frozenFen)],
        [tx(['可用余额', 'Available']), yuan(row.availableFen)],
        ...(dialog.kind === 'recharge' && dialog.account
          ? ([[tx(['虚拟子账户', 'Virtual account']), dialog.account]] as const)
          : []),
      ]}
    />
  );
  return (
    <>
      <ResourceTabs
        tabs={[
          { key: 'wallets', label: ['货主钱包', 'Customer wallets'], def },
          { key: 'recharges', label: ['充值记录', 'Recharges'], content: <RechargeRecords /> },
        ]}
      />
      <LedgerDrawer account={ledger} onClose={() => setLedger(null)} />
      {dialog?.kind === 'recharge' && (
        <AmountDialog
          title={`${tx(['充值', 'Recharge'])} · ${name}`}
          url="/customer/hyCustomerWallet/recharge"
          amountLabel={['充值金额', 'Amount']}
          reasonLabel={['备注', 'Remark']}
          okText={['确认充值', 'Recharge']}
          intro={intro}
          body={(amountFen, reason, idempotencyKey) => ({
            customerId: row.ownerId,
            amountFen,
            idempotencyKey,
            ...(reason ? { remark: reason } : {}),
          })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'voucher' && (
        <VoucherRechargeDialog
          customerId={String(row.ownerId)}
          customerName={name}
          intro={intro}
          onClose={close}
        />
      )}
      {(dialog?.kind === 'freeze' || dialog?.kind === 'unfreeze') && (
        <AmountDialog
          title={`${dialog.kind === 'freeze' ? tx(['冻结', 'Freeze']) : tx(['解冻', 'Unfreeze'])} · ${name}`}
          url={`/customer/hyCustomerWallet/${dialog.kind}`}
          amountLabel={
            dialog.kind === 'freeze' ? ['冻结金额', 'Amount to freeze'] : ['解冻金额', 'Amount to release']
          }
          initialAmountFen={dialog.kind === 'unfreeze' ? Number(row.frozenFen) : undefined}
          reasonLabel={['原因', 'Reason']}
          reasonRequired
          okText={dialog.kind === 'freeze' ? ['冻结', 'Freeze'] : ['解冻', 'Unfreeze']}
          intro={intro}
          body={(amountFen, reason) => ({ customerId: row.ownerId, amountFen, reason })}
          onClose={close}
        />
      )}
    </>
  );
}
