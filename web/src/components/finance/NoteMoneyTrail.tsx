// A waybill's money after audit, in its detail drawer (platform staff): the adjustments and claims with their
// approval state, and the bank payments (GET /shipping/hyShippingNote/money).

import { USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { useBilingual } from '../resource/text';
import { dictColumn, paymentStateColumn, yuanColumn } from './columns';
import { SignedYuan } from './LedgerDrawer';
import { TitledTable } from './TitledTable';

type Row = Record<string, unknown>;

interface Money {
  settlement: Row | null;
  payments: Row[];
  adjustments: Row[];
  lines: Row[];
}

export function NoteMoneyTrail({ noteId }: { noteId: string }) {
  const tx = useBilingual();
  const staff = useSession((s) => s.userType === USER_TYPE.system);
  const money = useQuery({
    queryKey: ['noteMoney', noteId],
    queryFn: () => api.get<Money>('/shipping/hyShippingNote/money', { id: noteId }),
    enabled: staff,
  });
  if (!staff || !money.data) return null;
  const { adjustments, payments } = money.data;
  if (adjustments.length === 0 && payments.length === 0) return null;
  return (
    <>
      {adjustments.length > 0 && (
        <TitledTable
          heading={tx(['调账理赔', 'Adjustments and claims'])}
          headingStyle={{ marginTop: 24 }}
          data-testid="note-adjustments"
          dataSource={adjustments}
          columns={[
            { title: tx(['单号', 'No.']), dataIndex: 'adjustNo' },
            dictColumn(tx(['类型', 'Kind']), 'kind', 'adjust_kind', true),
            {
              title: tx(['金额', 'Amount']),
              dataIndex: 'amountFen',
              align: 'right',
              // Signed as it moves the driver's freight (a customer adjustment: the customer's wallet).
              render: (v, r) => <SignedYuan fen={Number(v) * Number(r.direction ?? 1)} />,
            },
            { title: tx(['原因', 'Reason']), dataIndex: 'reason' },
            dictColumn(tx(['状态', 'State']), 'state', 'adjust_state'),
            { title: tx(['审批人', 'Approved by']), dataIndex: 'reviewedBy' },
          ]}
        />
      )}
      {payments.length > 0 && (
        <TitledTable
          heading={tx(['银行付款', 'Bank payments'])}
          headingStyle={{ marginTop: 24 }}
          dataSource={payments}
          columns={[
            { title: tx(['收款人', 'Payee']), dataIndex: 'payeeName' },
            dictColumn(tx(['类型', 'Kind']), 'kind', 'payment_kind', true),
            yuanColumn(tx(['金额', 'Amount']), 'amountFen'),
            paymentStateColumn(tx(['状态', 'State'])),
            { title: tx(['银行流水号', 'Bank serial no.']), dataIndex: 'bankSerialNo' },
          ]}
        />
      )}
    </>
  );
}
