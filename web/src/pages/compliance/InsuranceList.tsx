// 货运保险: the waybills' cargo policies from the insurance declaration. A waybill is insured before
// loading (the server finds the rate of its cargo class and charges the premium to the shipper's wallet through
// the ledger); a policy is cancelled before loading with the premium refunded; a claim is reported as a
// 货损理赔 adjustment (调账理赔) linked on the policy. A shipper sees and insures its own waybills.
import { insuranceResource, insureBody, POLICY_STATE, policyClaimBody } from '@freight/contracts';
import { Form, Input, InputNumber } from 'antd';
import { useRef } from 'react';
import { DictSelect } from '../../components/dict';
import { announceMoneyChange, fenOfYuan, newIdempotencyKey } from '../../components/finance/money';
import { ReasonDialog } from '../../components/finance/ReasonDialog';
import { YuanAmountItem } from '../../components/finance/YuanAmountItem';
import { type PostDialogProps, PostDialog as SharedPostDialog } from '../../components/form/PostDialog';
import { ResourceListPage, usePageDialog, useResourcePage } from '../../components/resource';
import { PageNote } from '../../components/resource/PageNote';
import { useBilingual } from '../../components/resource/text';
import { announceChange } from '../../services/resourceEvents';
import { NotePicker } from '../shipping/components/NotePicker';

type Row = Record<string, unknown>;
type Dialog = { kind: 'insure' } | { kind: 'cancel'; row: Row; key: string } | { kind: 'claim'; row: Row };

const PATH = insuranceResource.path;
const PERM = insuranceResource.permission;

/** A form in a modal posting one body under one idempotency key; refusals are shown in the dialog. */
function PostDialog<V extends object>({
  body,
  ...props
}: Omit<PostDialogProps<V>, 'body' | 'refusal' | 'width'> & { body: (values: V, key: string) => unknown }) {
  const key = useRef(newIdempotencyKey('ins'));
  return (
    <SharedPostDialog<V>
      {...props}
      width={560}
      refusal={{ inline: 'dialog-refusal' }}
      body={(values) => body(values, key.current)}
    />
  );
}

/** Tells the lists that show what a dialog changed. */
function announcePolicyChange() {
  announceChange(PATH);
  announceMoneyChange();
}

export default function InsuranceList() {
  const tx = useBilingual();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announcePolicyChange);
  const def = useResourcePage(insuranceResource, [], () => ({
    rowActions: [
      {
        key: 'cancel',
        label: ['退保', 'Cancel policy'],
        danger: true,
        perm: `${PERM}:cancel`,
        visible: (row) => Number(row.state) === POLICY_STATE.insured && !row.claimAdjustNo,
        run: (row) => setDialog({ kind: 'cancel', row, key: newIdempotencyKey('cancel') }),
      },
      {
        key: 'claim',
        label: ['报案理赔', 'Report claim'],
        perm: `${PERM}:claim`,
        visible: (row) => Number(row.state) === POLICY_STATE.insured && !row.claimAdjustNo,
        run: (row) => setDialog({ kind: 'claim', row }),
      },
    ],
    toolbar: [
      {
        key: 'insure',
        label: ['投保', 'Insure'],
        perm: `${PERM}:insure`,
        run: () => setDialog({ kind: 'insure' }),
      },
    ],
  }));
  const required = (zh: string, en: string) => [{ required: true, message: tx([zh, en]) }];
  return (
    <>
      <ResourceListPage def={def} />
      {dialog?.kind === 'insure' && (
        <PostDialog<{ noteId: string; insuredValue: number; cargoType?: string }>
          title={tx(['投保货运险', 'Insure a waybill'])}
          okText={tx(['投保并扣保费', 'Insure and charge the premium'])}
          url={`${PATH}/insure`}
          schema={insureBody}
          body={(v, idempotencyKey) => ({
            noteId: v.noteId,
            insuredValueFen: fenOfYuan(v.insuredValue),
            cargoType: v.cargoType || undefined,
            idempotencyKey,
          })}
          onClose={close}
        >
          <PageNote
            text={[
              '装货前投保：按货物分类的费率计算保费，从货主钱包扣除；装货前退保全额退还。',
              'Insure before loading: the premium is the cargo class’s rate of the insured value, charged to the shipper’s wallet and refunded in full on a cancellation before loading.',
            ]}
          />
          <Form.Item
            name="noteId"
            label={tx(['运单（待接单/已接单）', 'Waybill (not yet loaded)'])}
            rules={required('请选择运单', 'Choose the waybill')}
          >
            <NotePicker status="0,1" />
          </Form.Item>
          <Form.Item
            name="insuredValue"
            label={tx(['保额（元）', 'Insured value (yuan)'])}
            rules={required('请填写保额', 'Enter the insured value')}
          >
            <InputNumber min={1} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="cargoType"
            label={tx(['货物分类（默认取运单）', 'Cargo class (the waybill’s by default)'])}
          >
            <DictSelect code="cargo_type" style={{ width: '100%' }} />
          </Form.Item>
        </PostDialog>
      )}
      {dialog?.kind === 'cancel' && (
        <ReasonDialog
          title={`${tx(['退保', 'Cancel policy'])} · ${String(dialog.row.policyNo ?? '')}`}
          url={`${PATH}/cancel`}
          label={['退保原因', 'Reason']}
          danger
          okText={['退保并退还保费', 'Cancel and refund']}
          body={(reason) => ({ id: dialog.row.id, reason, idempotencyKey: dialog.key })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'claim' && (
        <PostDialog<{ amount: number; reason: string }>
          title={`${tx(['报案理赔', 'Report a claim'])} · ${String(dialog.row.policyNo ?? '')}`}
          okText={tx(['提交理赔', 'Submit the claim'])}
          url={`${PATH}/claim`}
          schema={policyClaimBody}
          body={(v, idempotencyKey) => ({
            id: dialog.row.id,
            amountFen: fenOfYuan(v.amount),
            reason: v.reason?.trim(),
            idempotencyKey,
          })}
          onClose={close}
        >
          <YuanAmountItem
            label={['理赔金额（元）', 'Claim amount (yuan)']}
            missing={['请填写理赔金额', 'Enter the amount']}
          />
          <Form.Item
            name="reason"
            label={tx(['出险经过', 'What happened'])}
            rules={required('请填写理赔原因', 'Enter the reason')}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </PostDialog>
      )}
    </>
  );
}
