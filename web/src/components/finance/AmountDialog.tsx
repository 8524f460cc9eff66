// A money action's dialog (recharge, freeze, unfreeze, bill payment): an amount in yuan (sent as fen), an
// optional or required reason, and the server's answer: its message on success, its refusal in the form.
import type { Envelope } from '@freight/contracts';
import { Alert, App, Form, Grid, Input, InputNumber, Modal, Typography } from 'antd';
import { type ReactNode, useRef, useState } from 'react';
import { errorText, postEnvelope } from '../../services/request';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';
import { fenOfYuan, newIdempotencyKey } from './money';

export interface AmountDialogProps {
  title: string;
  /** POST target; the body is `body(amountFen, reason, idempotencyKey)`. */
  url: string;
  body: (amountFen: number | null, reason: string, idempotencyKey: string) => Record<string, unknown>;
  amountLabel: Bilingual;
  /** A signed amount (an adjustment: negative lowers the bill). */
  signed?: boolean;
  /** The amount may be left out (e.g. a bill's remaining balance). */
  amountOptional?: boolean;
  initialAmountFen?: number;
  reasonLabel?: Bilingual;
  reasonRequired?: boolean;
  okText: Bilingual;
  /** Shown above the form (who, what is available). */
  intro?: ReactNode;
  onClose: (changed: boolean) => void;
}

export function AmountDialog(props: AmountDialogProps) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ amount?: number; reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // One key for this dialog: a second click or a retry after a lost answer is the same request.
  const key = useRef(newIdempotencyKey('ui'));

  async function submit() {
    const values = await form.validateFields();
    const fen = fenOfYuan(values.amount, props.signed);
    setBusy(true);
    setRefusal(null);
    try {
      const env = (await postEnvelope<unknown>(
        props.url,
        props.body(fen, values.reason?.trim() ?? '', key.current),
      )) as Envelope<unknown>;
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
  }

  return (
    <Modal
      open
      title={props.title}
      width={screens.md ? 520 : '100%'}
      okText={tx(props.okText)}
      cancelText={tx(['取消', 'Cancel'])}
      confirmLoading={busy}
      maskClosable={false}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
      data-testid="amount-dialog"
    >
      {props.intro}
      <Form
        form={form}
        layout="vertical"
        initialValues={props.initialAmountFen ? { amount: props.initialAmountFen / 100 } : undefined}
        style={{ marginTop: 12 }}
      >
        <Form.Item
          name="amount"
          label={`${tx(props.amountLabel)} (${tx(['元', 'yuan'])})`}
          rules={[
            { required: !props.amountOptional, message: tx(['请输入金额', 'Enter an amount']) },
            {
              validator: (_r, value) =>
                value === undefined ||
                value === null ||
                value === '' ||
                fenOfYuan(value, props.signed) !== null
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(
                        props.signed
                          ? tx(['金额不能为0', 'The amount cannot be zero'])
                          : tx(['金额必须大于0', 'The amount must be above zero']),
                      ),
                    ),
            },
          ]}
        >
          <InputNumber<number>
            style={{ width: '100%' }}
            min={props.signed ? undefined : 0}
            precision={2}
            step={100}
            formatter={(v) =>
              v === undefined || v === null ? '' : String(v).replace(/\B(?=(\d{3})+(?!\d))/g, ',')
            }
            parser={(v) => Number((v ?? '').replace(/,/g, ''))}
            placeholder="0.00"
          />
        </Form.Item>
        {props.reasonLabel && (
          <Form.Item
            name="reason"
            label={tx(props.reasonLabel)}
            rules={[
              {
                required: props.reasonRequired,
                whitespace: true,
                message: tx(['请填写原因', 'Enter a reason']),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
        )}
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="amount-refusal" />}
      {!refusal && props.amountOptional && (
        <Typography.Text type="secondary">
          {tx(['不填金额表示支付全部未付金额', 'Leave the amount empty to pay all that is due'])}
        </Typography.Text>
      )}
    </Modal>
  );
}
