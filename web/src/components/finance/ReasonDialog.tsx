// A money step that needs a written reason or remark (reject a payout, an adjustment or a recharge): posts
// `body(reason)` and shows the server's refusal in the dialog.
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { PostDialog } from '../form/PostDialog';
import { useBilingual } from '../resource/text';
import type { Bilingual, RowAction } from '../resource/types';

type Row = Record<string, unknown>;

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

/** A reviewed request's rejection: what it is called, the row field that numbers it, where it is posted. */
export interface ReviewReject {
  title: Bilingual;
  numberField: string;
  url: string;
}

/** The row action that opens a reviewed request's rejection. */
export function rejectAction(
  perm: string,
  visible: (row: Row) => boolean,
  open: (row: Row) => void,
): RowAction {
  return { key: 'reject', label: ['驳回', 'Reject'], danger: true, perm, visible, run: open };
}

/** The rejection of a reviewed request (a recharge, an adjustment): posts `{ id, approve: false, reason }`. */
export function ReviewRejectDialog({
  review,
  row,
  onClose,
}: {
  review: ReviewReject;
  row: Row;
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  return (
    <RejectDialog
      title={`${tx(review.title)} · ${String(row[review.numberField] ?? '')}`}
      url={review.url}
      body={(reason) => ({ id: row.id, approve: false, reason })}
      onClose={onClose}
    />
  );
}
