// 违规记录: the violations confirmed from warnings, with who confirmed them and why, and their
// deduction under the carrier contract's clause: its state, amount and appeal deadline. The carrier's side (a
// captain's users) appeals within the window; staff decide the appeal (upheld: nothing is deducted; refused:
// the deduction is posted through the ledger). A deduction finance refused (failed) staff may post again (重试);
// the hourly job also tries it again a bounded number of times.
import { formatFen, riskViolationResource } from '@freight/contracts';
import { App, Form, Radio } from 'antd';
import { useState } from 'react';
import { ReasonItem } from '../../components/form/formItems';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { postEnvelope } from '../../services/request';
import { RowDialog } from './RowDialog';

type Row = Record<string, unknown>;
type Dialog = { kind: 'appeal' | 'decide'; row: Row; reload: () => void };

function DeductionDialog({ dialog, onClose }: { dialog: Dialog; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<{ reason: string; accept?: boolean }>();
  const { kind, row } = dialog;
  const submit = async () => {
    const values = await form.validateFields();
    return (await postEnvelope(`/risk/violation/${kind}`, { id: row.id, ...values })).message;
  };
  const amount = formatFen(Number(row.deductionFen ?? 0));
  return (
    <RowDialog
      title={kind === 'appeal' ? tx(['申诉扣款', 'Appeal deduction']) : tx(['处理申诉', 'Decide appeal'])}
      row={row}
      submit={submit}
      onClose={onClose}
    >
      <p>
        {tx([`拟扣款 ${amount} 元`, `Deduction ${amount} CNY`])}
        {kind === 'decide' && row.appealReason
          ? ` · ${tx(['申诉理由', 'Appeal'])}：${String(row.appealReason)}`
          : ''}
      </p>
      <Form form={form} layout="vertical" initialValues={{ accept: true }}>
        {kind === 'decide' && (
          <Form.Item name="accept" label={tx(['处理结果', 'Decision'])} rules={[{ required: true }]}>
            <Radio.Group>
              <Radio value={true}>{tx(['申诉成立，不扣款', 'Uphold: no deduction'])}</Radio>
              <Radio value={false}>{tx(['驳回申诉，扣款入账', 'Refuse: post the deduction'])}</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        <ReasonItem
          label={kind === 'appeal' ? tx(['申诉理由', 'Grounds of appeal']) : tx(['处理意见', 'Reason'])}
          message={tx(['请填写理由', 'Enter a reason'])}
        />
      </Form>
    </RowDialog>
  );
}

export default function ViolationList() {
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const def = useResourcePage(riskViolationResource, [message], () => ({
    rowActions: [
      {
        key: 'appeal',
        label: ['申诉', 'Appeal'],
        perm: 'risk:violation:appeal',
        // Within the window (the server refuses a late appeal, saying the window has passed).
        visible: (row) => row.deductionState === 'notice',
        run: (row, helpers) => setDialog({ kind: 'appeal', row, reload: helpers.reload }),
      },
      {
        key: 'decide',
        label: ['处理申诉', 'Decide'],
        perm: 'risk:violation:decide',
        visible: (row) => row.deductionState === 'appealed',
        run: (row, helpers) => setDialog({ kind: 'decide', row, reload: helpers.reload }),
      },
      {
        key: 'retry',
        label: ['重试', 'Retry'],
        perm: 'risk:violation:decide',
        visible: (row) => row.deductionState === 'failed',
        confirm: ['按原扣款重新入账？', 'Post the deduction again?'],
        run: async (row, { reload }) => {
          const env = await postEnvelope<Row>('/risk/violation/retry', { id: row.id });
          // Refused again, the row stays failed with finance's reason (shown as a warning, not an error).
          if (env.success && env.result?.deductionState === 'posted') message.success(env.message);
          else message.warning(env.message);
          reload();
        },
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      {dialog && (
        <DeductionDialog
          dialog={dialog}
          onClose={(changed) => {
            if (changed) dialog.reload();
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
