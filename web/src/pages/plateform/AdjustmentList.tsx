// 调账理赔: adjustments and claims after audit from the adjustment declaration — 补款 (top-up to the
// driver), 扣款 (deduction), 货损理赔 (a cargo-damage claim offset against the freight and credited to the
// shipper) and 货主调账. Platform staff apply for one on an audited waybill; finance approves it (posted through
// the ledger, shown in the waybill's money and history) or rejects it with a reason.
import { ADJUST_KIND, ADJUST_STATE, adjustmentBody, adjustmentResource } from '@freight/contracts';
import { Form, Radio } from 'antd';
import { useRef } from 'react';
import { usePostAction } from '../../components/common/usePostAction';
import { DictSelect } from '../../components/dict';
import { announceMoneyChange, fenOfYuan, newIdempotencyKey } from '../../components/finance/money';
import { type ReviewReject, ReviewRejectDialog, rejectAction } from '../../components/finance/ReasonDialog';
import { YuanAmountItem } from '../../components/finance/YuanAmountItem';
import { ReasonItem } from '../../components/form/formItems';
import { PostDialog } from '../../components/form/PostDialog';
import { ResourceListPage, usePageDialog, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { NotePicker } from '../shipping/components/NotePicker';

type Row = Record<string, unknown>;
type Dialog = { kind: 'add' } | { kind: 'reject'; row: Row };

interface AddValues {
  noteId: string;
  kind: number;
  amount: number;
  direction?: 1 | -1;
  reason: string;
}

/** The application: an audited waybill, the kind, the amount in yuan and the reason. */
function AddDialog({ onClose }: { onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<AddValues>();
  const kind = Form.useWatch('kind', form);
  const key = useRef(newIdempotencyKey('adjust'));
  return (
    <PostDialog<AddValues>
      form={form}
      title={tx(['申请调账/理赔', 'Apply for an adjustment or claim'])}
      width={560}
      okText={tx(['提交申请', 'Submit'])}
      url="/plateform/adjustment/add"
      schema={adjustmentBody}
      body={(values) => ({
        noteId: values.noteId,
        kind: values.kind,
        amountFen: fenOfYuan(values.amount),
        direction: values.kind === ADJUST_KIND.customer ? (values.direction ?? 1) : 1,
        reason: values.reason?.trim(),
        idempotencyKey: key.current,
      })}
      refusal={{ inline: 'dialog-refusal' }}
      formProps={{ initialValues: { kind: ADJUST_KIND.topUp, direction: 1 } }}
      onClose={onClose}
    >
      <Form.Item
        name="noteId"
        label={tx(['运单（已审核）', 'Waybill (audited)'])}
        rules={[{ required: true, message: tx(['请选择运单', 'Choose the waybill']) }]}
      >
        <NotePicker status="6,7" />
      </Form.Item>
      <Form.Item
        name="kind"
        label={tx(['类型', 'Kind'])}
        rules={[{ required: true }]}
        normalize={(v) => (v === undefined ? v : Number(v))}
        getValueProps={(v) => ({ value: v === undefined ? undefined : String(v) })}
      >
        <DictSelect code="adjust_kind" allowClear={false} style={{ width: '100%' }} />
      </Form.Item>
      {kind === ADJUST_KIND.customer && (
        <Form.Item name="direction" label={tx(['方向', 'Direction'])}>
          <Radio.Group
            options={[
              { value: 1, label: tx(['退还货主（货主钱包增加）', 'Credit the customer']) },
              { value: -1, label: tx(['向货主补收（货主钱包减少）', 'Debit the customer']) },
            ]}
          />
        </Form.Item>
      )}
      <YuanAmountItem label={['金额（元）', 'Amount (yuan)']} />
      <ReasonItem label={tx(['原因', 'Reason'])} message={tx(['请填写原因', 'Enter a reason'])} />
    </PostDialog>
  );
}

const ADJUSTMENT_REJECT: ReviewReject = {
  title: ['驳回调账', 'Reject the adjustment'],
  numberField: 'adjustNo',
  url: '/plateform/adjustment/review',
};

export default function AdjustmentList() {
  const post = usePostAction();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceMoneyChange);
  const def = useResourcePage(adjustmentResource, [post], () => ({
    rowActions: [
      {
        key: 'approve',
        label: ['审批入账', 'Approve'],
        perm: 'finance:adjust:approve',
        confirm: ['审批通过并记入账户流水？', 'Approve and post it to the ledger?'],
        visible: (row) => Number(row.state) === ADJUST_STATE.pending,
        run: async (row) => {
          await post('/plateform/adjustment/review', {
            id: row.id,
            approve: true,
          });
          announceMoneyChange();
        },
      },
      rejectAction(
        'finance:adjust:approve',
        (row) => Number(row.state) === ADJUST_STATE.pending,
        (row) => setDialog({ kind: 'reject', row }),
      ),
    ],
    toolbar: [
      {
        key: 'apply',
        label: ['申请调账/理赔', 'Apply'],
        perm: 'finance:adjust:add',
        run: () => setDialog({ kind: 'add' }),
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      {dialog?.kind === 'add' && <AddDialog onClose={close} />}
      {dialog?.kind === 'reject' && (
        <ReviewRejectDialog review={ADJUSTMENT_REJECT} row={dialog.row} onClose={close} />
      )}
    </>
  );
}
