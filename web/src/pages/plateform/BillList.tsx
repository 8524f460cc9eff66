// 账单管理: bills of 批结/月结 customers from the bill declaration — generated on demand for a
// customer and period, sent, confirmed or disputed, adjusted, paid from the customer's wallet (settling the
// bill's waybills) and closed; the statement exported as Excel or PDF, the bill's waybills in its detail drawer.
import { ModalForm, ProFormDateRangePicker, ProFormSelect } from '@ant-design/pro-components';
import { type BillAction, billNoteResource, billResource, canBill } from '@freight/contracts';
import { App } from 'antd';
import { useMemo } from 'react';
import { usePostAction } from '../../components/common/usePostAction';
import { AmountDialog } from '../../components/finance/AmountDialog';
import { announceMoneyChange, newIdempotencyKey, yuan } from '../../components/finance/money';
import { ReasonDialog } from '../../components/finance/ReasonDialog';
import { useCustomerOptions } from '../../components/finance/useCustomerOptions';
import {
  pageOf,
  ResourceListPage,
  type ResourcePageDef,
  type RowAction,
  usePageDialog,
} from '../../components/resource';
import { ChildList } from '../../components/resource/ChildList';
import { useBilingual } from '../../components/resource/text';
import { downloadFile } from '../../components/resource/transfer';
import type { Bilingual } from '../../components/resource/types';
import { errorText } from '../../services/request';
import { useCustomerUser } from '../../stores/session';

type Row = Record<string, unknown>;
type Dialog = { kind: 'pay' | 'adjust' | 'dispute'; row: Row } | { kind: 'generate' };

const STEP_LABEL: Record<BillAction, Bilingual> = {
  send: ['发送', 'Send'],
  confirm: ['确认', 'Confirm'],
  dispute: ['提出异议', 'Dispute'],
  adjust: ['调整', 'Adjust'],
  pay: ['付款', 'Pay'],
  close: ['关闭', 'Close'],
};
const STEP_CONFIRM: Partial<Record<BillAction, Bilingual>> = {
  send: ['发送账单给货主确认？', 'Send the bill to the customer?'],
  confirm: ['确认账单金额无误？', 'Confirm the bill as correct?'],
  close: ['关闭已付清的账单？', 'Close the paid bill?'],
};

function DisputeDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  return (
    <ReasonDialog
      title={`${tx(STEP_LABEL.dispute)} · ${String(row.billNo ?? '')}`}
      okText={STEP_LABEL.dispute}
      url="/plateform/bill/dispute"
      label={['异议原因', 'Reason']}
      body={(reason) => ({ id: row.id, reason })}
      onClose={onClose}
    />
  );
}

/** A bill's statement, as a workbook or as a PDF. */
const STATEMENTS = [
  { key: 'statement', label: ['对账单', 'Statement'], query: {}, ext: 'xlsx' },
  { key: 'statementPdf', label: ['对账单PDF', 'Statement PDF'], query: { format: 'pdf' }, ext: 'pdf' },
] as const;

export default function BillList() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const post = usePostAction();
  const customers = useCustomerOptions();
  const customerUser = useCustomerUser();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceMoneyChange);

  const def = useMemo<ResourcePageDef>(() => {
    const step = (action: 'send' | 'confirm' | 'close'): RowAction => ({
      key: action,
      label: STEP_LABEL[action],
      perm: `finance:bill:${action}`,
      confirm: STEP_CONFIRM[action],
      visible: (row) => canBill(action, Number(row.status)),
      run: async (row) => {
        await post(`/plateform/bill/${action}`, { id: row.id });
        announceMoneyChange();
      },
    });
    const open = (kind: 'pay' | 'adjust' | 'dispute'): RowAction => ({
      key: kind,
      label: STEP_LABEL[kind],
      perm: `finance:bill:${kind}`,
      visible: (row) => canBill(kind, Number(row.status)),
      run: (row) => setDialog({ kind, row }),
    });
    return pageOf(billResource, {
      fields: { customerName: { search: customerUser ? false : 'like' } },
      rowActions: [
        step('send'),
        step('confirm'),
        open('dispute'),
        open('adjust'),
        open('pay'),
        step('close'),
        ...STATEMENTS.map(
          (statement): RowAction => ({
            key: statement.key,
            label: statement.label,
            perm: 'finance:bill:export',
            run: async (row) => {
              await downloadFile(
                '/plateform/bill/exportStatement',
                { id: row.id, ...statement.query },
                `对账单${String(row.billNo ?? '')}.${statement.ext}`,
              );
            },
          }),
        ),
      ],
      toolbar: [
        {
          key: 'generate',
          label: ['生成账单', 'Generate bill'],
          perm: 'finance:bill:add',
          run: () => setDialog({ kind: 'generate' }),
        },
      ],
      // The bill's waybills.
      detailExtra: (row) => (
        <ChildList resource={billNoteResource} parentField="billId" parentId={String(row.id)} />
      ),
    });
  }, [customerUser, post, setDialog]);

  const row = dialog && dialog.kind !== 'generate' ? dialog.row : {};
  const due = Number(row.amountFen ?? 0) + Number(row.adjustFen ?? 0) - Number(row.paidFen ?? 0);
  return (
    <>
      <ResourceListPage def={def} />
      {dialog?.kind === 'generate' && (
        <ModalForm<{ customerId: string; period: [string, string] }>
          open
          title={tx(['生成账单', 'Generate bill'])}
          width={520}
          modalProps={{ destroyOnHidden: true, onCancel: () => close(false) }}
          onFinish={async (values) => {
            try {
              await post('/plateform/bill/generate', {
                customerId: values.customerId,
                periodStart: values.period[0],
                periodEnd: values.period[1],
              });
              close(true);
              return true;
            } catch (error) {
              message.error(errorText(error));
              return false;
            }
          }}
        >
          <ProFormSelect
            name="customerId"
            label={tx(['货主', 'Customer'])}
            options={customers}
            showSearch
            rules={[{ required: true, message: tx(['请选择货主', 'Choose the customer']) }]}
          />
          <ProFormDateRangePicker
            name="period"
            label={tx(['账期（审核日期）', 'Period (audit dates)'])}
            fieldProps={{ format: 'YYYY-MM-DD', style: { width: '100%' } }}
            transform={undefined}
            rules={[{ required: true, message: tx(['请选择账期', 'Choose the period']) }]}
          />
        </ModalForm>
      )}
      {dialog?.kind === 'dispute' && <DisputeDialog row={row} onClose={close} />}
      {dialog?.kind === 'adjust' && (
        <AmountDialog
          title={`${tx(STEP_LABEL.adjust)} · ${String(row.billNo ?? '')}`}
          url="/plateform/bill/adjust"
          signed
          amountLabel={['调整金额（负数为减少）', 'Adjustment (negative lowers the bill)']}
          reasonLabel={['调整原因', 'Reason']}
          reasonRequired
          okText={STEP_LABEL.adjust}
          body={(amountFen, reason) => ({ id: row.id, amountFen, reason })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'pay' && (
        <AmountDialog
          title={`${tx(STEP_LABEL.pay)} · ${String(row.billNo ?? '')}`}
          url="/plateform/bill/pay"
          amountLabel={['付款金额', 'Amount']}
          amountOptional
          okText={['从货主钱包付款', 'Pay from the wallet']}
          intro={
            <span>
              {String(row.customerName ?? '')} · {tx(['未付', 'Due'])} ¥{yuan(due)}
            </span>
          }
          body={(amountFen, _reason, idempotencyKey) => ({
            id: row.id,
            idempotencyKey: idempotencyKey || newIdempotencyKey('bill'),
            ...(amountFen ? { amountFen } : {}),
          })}
          onClose={close}
        />
      )}
    </>
  );
}
