// A money step that needs a written reason or remark (reject a payout, an adjustment or a recharge): posts
// `body(reason)` and shows the server's refusal in the dialog.
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { PostDialog } from '../form/PostDialog';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';

export interface ReasonDialogProps {
  title: string;
  url: string;
  body: (reason: string) => Record<string, unknown>;
  label: Bilingual;
  /** A remark may be left empty; a rejection's reason may not. */
  optional?: boolean;
  okText: Bilingual;
  danger?: boolean;
  intro?: ReactNode;
  onClose: (changed: boolean) => void;
}

export function ReasonDialog(props: ReasonDialogProps) {
  const tx = useBilingual();
  return (
    <PostDialog<{ reason?: string }>
      title={props.title}
      okText={tx(props.okText)}
      danger={props.danger}
      url={props.url}
      body={({ reason }) => props.body(reason?.trim() ?? '')}
      refusal={{ inline: 'dialog-refusal' }}
      intro={props.intro && <div style={{ marginBottom: 16 }}>{props.intro}</div>}
      onClose={props.onClose}
    >
      <Form.Item
        name="reason"
        label={tx(props.label)}
        rules={
          props.optional
            ? []
            : [{ required: true, whitespace: true, message: tx(['请填写原因', 'Enter a reason']) }]
        }
      >
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
    </PostDialog>
  );
}

/** A checker's rejection: a required reason, the red 驳回 button. */
export function RejectDialog(props: Omit<ReasonDialogProps, 'label' | 'okText' | 'danger' | 'optional'>) {
  return <ReasonDialog {...props} label={['驳回原因', 'Reason']} okText={['驳回', 'Reject']} danger />;
}

/** The rejection of a reviewed request (a recharge, an adjustment): posts `{ id, approve: false, reason }`. */
export function ReviewRejectDialog({
  title,
  row,
  numberField,
  url,
  onClose,
}: {
  /** What is rejected, before the request's number. */
  title: Bilingual;
  row: Record<string, unknown>;
  /** The row's field that numbers the request. */
  numberField: string;
  url: string;
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  return (
    <RejectDialog
      title={`${tx(title)} · ${String(row[numberField] ?? '')}`}
      url={url}
      body={(reason) => ({ id: row.id, approve: false, reason })}
      onClose={onClose}
    />
  );
}
