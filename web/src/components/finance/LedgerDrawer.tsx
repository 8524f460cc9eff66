// The ledger lines of one account (GET /wallet/ledger/list), in a side drawer over the wallet lists: the
// ledger declaration's list with the account fixed. Credits show with a plus sign, debits in red.
import { ledgerLineResource } from '@freight/contracts';
import { Drawer, Grid, Typography } from 'antd';
import { useMemo } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../resource';
import { useBilingual } from '../resource/text';
import { yuan } from './money';

/** A signed amount: credits green with a plus sign, debits red. */
export function SignedYuan({ fen }: { fen: unknown }) {
  const n = Number(fen);
  if (!Number.isFinite(n)) return <>--</>;
  return (
    <Typography.Text type={n < 0 ? 'danger' : 'success'} style={{ whiteSpace: 'nowrap' }}>
      {n > 0 ? '+' : ''}
      {yuan(n)}
    </Typography.Text>
  );
}

export interface LedgerAccount {
  walletId: string;
  name: string;
}

export function LedgerDrawer({ account, onClose }: { account: LedgerAccount | null; onClose: () => void }) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const def = useMemo<ResourcePageDef | null>(
    () =>
      account
        ? pageOf(ledgerLineResource, {
            // The route filters by account, type and period; these two boxes are not its filters.
            fields: {
              shippingNoteNumber: { search: false },
              bankSerialNo: { search: false },
              amountFen: { render: (value) => <SignedYuan fen={value} /> },
            },
            fixedQuery: { walletId: account.walletId },
            title: [`流水 · ${account.name}`, `Ledger · ${account.name}`],
          })
        : null,
    [account],
  );
  return (
    <Drawer
      open={Boolean(account)}
      onClose={onClose}
      width={screens.lg ? 1100 : '100%'}
      title={account ? `${tx(['账户流水', 'Ledger'])} · ${account.name}` : ''}
      destroyOnHidden
      styles={{ body: { padding: screens.md ? 16 : 0 } }}
      data-testid="ledger-drawer"
    >
      {def && <ResourceListPage def={def} />}
    </Drawer>
  );
}
