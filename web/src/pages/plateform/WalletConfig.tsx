// 钱包配置: per customer settlement mode, credit days, credit limit, prepayment cap and bank
// settings, edited through the declaration's form; every change is logged with before and after (the log in
// the detail drawer).
import { walletConfigBody, walletConfigLogResource, walletConfigResource } from '@freight/contracts';
import { ResourceListPage, useResourcePage } from '../../components/resource';

const pretty = (value: unknown) =>
  value && typeof value === 'object'
    ? Object.entries(value as Record<string, unknown>)
        .map(([k, v]) => `${k}: ${v ?? '--'}`)
        .join('; ')
    : String(value ?? '--');

/** The customer's configuration changes, newest first. */
function ChangeLog({ customerId }: { customerId: string }) {
  const def = useResourcePage(walletConfigLogResource, [customerId], () => ({
    fixedQuery: { customerId },
    actions: { detail: false },
    fields: {
      before: { render: (v) => <span title={pretty(v)}>{pretty(v)}</span> },
      after: { render: (v) => <span title={pretty(v)}>{pretty(v)}</span> },
      customerName: { list: false, search: false },
    },
  }));
  return <ResourceListPage def={def} />;
}

export default function WalletConfig() {
  const def = useResourcePage(walletConfigResource, [], () => ({
    rowKey: 'customerId',
    schema: walletConfigBody,
    // The server keeps one configuration per customer: edited, never added or deleted here.
    actions: { add: false, edit: true, delete: false, export: true, import: false },
    detailExtra: (row) => <ChangeLog customerId={String(row.customerId)} />,
    formIn: 'drawer',
  }));
  return <ResourceListPage def={def} />;
}
