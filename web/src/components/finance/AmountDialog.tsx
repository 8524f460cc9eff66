// A money action's dialog (recharge, freeze, unfreeze, bill payment): an amount in yuan (sent as fen), an
// optional or required reason, and the server's answer: its message on success, its refusal in the form.
import { Form, Input, InputNumber, Typography } from 'antd';
import { type ReactNode, useRef } from 'react';
import { PostDialog } from '../form/PostDialog';
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
  // One key for this dialog: a second click or a retry after a lost answer is the same request.
  const key = useRef(newIdempotencyKey('ui'));
  return (
    <PostDialog<{ amount?: number; reason?: string }>
      title={props.title}
      okText={tx(props.okText)}
      url={props.url}
      body={(values) =>
        props.body(fenOfYuan(values.amount, props.signed), values.reason?.trim() ?? '', key.current)
      }
      refusal={{ inline: 'amount-refusal' }}
      maskClosable={false}
      testId="amount-dialog"
      intro={props.intro}
      formProps={{
        initialValues: props.initialAmountFen ? { amount: props.initialAmountFen / 100 } : undefined,
        style: { marginTop: 12 },
      }}
      hint={
        props.amountOptional && (
          <Typography.Text type="secondary">
            {tx(['不填金额表示支付全部未付金额', 'Leave the amount empty to pay all that is due'])}
          </Typography.Text>
        )
      }
      onClose={props.onClose}
    >
      <Form.Item
        name="amount"
        label={`${tx(props.amountLabel)} (${tx(['元', 'yuan'])})`}
        rules={[
          { required: !props.amountOptional, message: tx(['请输入金额', 'Enter an amount']) },
          {
            validator: (_r, value) =>
              value === undefined || value === null || value === '' || fenOfYuan(value, props.signed) !== null
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
    </PostDialog>
  );
}
