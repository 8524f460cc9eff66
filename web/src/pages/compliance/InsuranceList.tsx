// 货运保险: the waybills' cargo policies from the insurance declaration. A waybill is insured before
// loading (the server finds the rate of its cargo class and charges the premium to the shipper's wallet through
// the ledger); a policy is cancelled before loading with the premium refunded; a claim is reported as a
// 货损理赔 adjustment (调账理赔) linked on the policy. A shipper sees and insures its own waybills.
import {
  type Envelope,
  insuranceResource,
  insureBody,
  POLICY_STATE,
  policyClaimBody,
} from '@freight/contracts';
import { Alert, App, Form, Grid, Input, InputNumber, Modal } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { DictSelect } from '../../components/dict';
import { announceMoneyChange, fenOfYuan, newIdempotencyKey } from '../../components/finance/money';
import { ReasonDialog } from '../../components/finance/ReasonDialog';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { errorText, postEnvelope } from '../../services/request';
import { announceChange } from '../../services/resourceEvents';
import { NotePicker } from '../shipping/components/NotePicker';

type Row = Record<string, unknown>;
type Dialog = { kind: 'insure' } | { kind: 'cancel'; row: Row; key: string } | { kind: 'claim'; row: Row };

const PATH = insuranceResource.path;
const PERM = insuranceResource.permission;

/** A form in a modal posting one body; refusals are shown in the dialog. */
function PostDialog<V extends object>(props: {
  title: string;
  okText: string;
  url: string;
  children: React.ReactNode;
  body: (values: V, key: string) => unknown;
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: Array<{ message: string }> } } };
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<V>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey('ins'));
  return (
    <Modal
      open
      title={props.title}
      width={screens.md ? 560 : '100%'}
      confirmLoading={busy}
      okText={props.okText}
      cancelText={tx(['取消', 'Cancel'])}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
      onOk={async () => {
        const values = await form.validateFields();
        const body = props.body(values, key.current);
        const parsed = props.schema.safeParse(body);
        if (!parsed.success) {
          setRefusal(parsed.error?.issues[0]?.message ?? '');
          return;
        }
        setBusy(true);
        setRefusal(null);
        try {
          const env = (await postEnvelope(props.url, body)) as Envelope<unknown>;
          if (!env.success) {
            setRefusal(env.message);
            return;
          }
          message.success(env.message);
          props.onClose(true);
        } catch (error) {
          setRefusal(errorText(error));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        {props.children}
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="dialog-refusal" />}
    </Modal>
  );
}

export default function InsuranceList() {
  const tx = useBilingual();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const def = useMemo<ResourcePageDef>(
    () =>
      pageOf(insuranceResource, {
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
      }),
    [],
  );
  const close = (changed: boolean) => {
    if (changed) {
      announceChange(PATH);
      announceMoneyChange();
    }
    setDialog(null);
  };
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
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message={tx([
              '装货前投保：按货物分类的费率计算保费，从货主钱包扣除；装货前退保全额退还。',
              'Insure before loading: the premium is the cargo class’s rate of the insured value, charged to the shipper’s wallet and refunded in full on a cancellation before loading.',
            ])}
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
          <Form.Item
            name="amount"
            label={tx(['理赔金额（元）', 'Claim amount (yuan)'])}
            rules={required('请填写理赔金额', 'Enter the amount')}
          >
            <InputNumber min={0.01} precision={2} style={{ width: '100%' }} />
          </Form.Item>
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
