// A money step that needs a written reason or remark (reject a payout, an adjustment or a recharge): posts
// `body(reason)` and shows the server's refusal in the dialog.
import type { Envelope } from '@freight/contracts';
import { Alert, App, Form, Grid, Input, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorText, postEnvelope } from '../../services/request';
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
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  return (
    <Modal
      open
      title={props.title}
      width={screens.md ? 520 : '100%'}
      confirmLoading={busy}
      okText={tx(props.okText)}
      okButtonProps={{ danger: props.danger }}
      cancelText={tx(['取消', 'Cancel'])}
      onCancel={() => props.onClose(false)}
      onOk={async () => {
        const { reason } = await form.validateFields();
        setBusy(true);
        setRefusal(null);
        try {
          const env = (await postEnvelope(props.url, props.body(reason?.trim() ?? ''))) as Envelope<unknown>;
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
      destroyOnHidden
    >
      {props.intro && <div style={{ marginBottom: 16 }}>{props.intro}</div>}
      <Form form={form} layout="vertical">
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
      </Form>
      {refusal && <Alert type="error" showIcon message={refusal} data-testid="dialog-refusal" />}
    </Modal>
  );
}
