// The dialog of a risk row's action (handle a warning, appeal or decide a deduction): the row's message, the
// action's form, and one submit that reports the server's answer and closes on success.
import { Modal, message } from 'antd';
import { type ReactNode, useState } from 'react';
import { useBilingual } from '../../components/resource/text';

export function RowDialog({
  title,
  row,
  submit,
  onClose,
  children,
}: {
  title: string;
  row: Record<string, unknown>;
  /** Validates and sends; answers the server's message. */
  submit: () => Promise<string | undefined>;
  onClose: (changed: boolean) => void;
  children: ReactNode;
}) {
  const tx = useBilingual();
  const [busy, setBusy] = useState(false);
  const ok = async () => {
    setBusy(true);
    try {
      message.success((await submit()) || tx(['已提交', 'Submitted']));
      onClose(true);
    } catch (error) {
      // a form that does not validate shows its own errors
      if (error instanceof Error) message.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`${title} · ${String(row.shippingNoteNumber ?? '')}`}
      okText={tx(['确定', 'OK'])}
      cancelText={tx(['取消', 'Cancel'])}
      confirmLoading={busy}
      onOk={ok}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <p>{String(row.message ?? '')}</p>
      {children}
    </Modal>
  );
}
