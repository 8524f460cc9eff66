// A dialog whose OK posts its form to an envelope route (a money step, an invoice step, a contract to sign):
// the form is checked, the body built and sent; the server's message is shown on success and the dialog
// closes; a refusal is shown in the dialog (`refusal="inline"`) or as a message.
import type { Envelope } from '@freight/contracts';
import { Alert, App, Form, type FormInstance, type FormProps, Grid, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { errorText, postEnvelope } from '../../services/request';
import { useBilingual } from '../resource/text';
import { UploadTrackerProvider, useUploadTracking } from '../upload/uploadTracking';

/** What a zod schema's safeParse answers, as far as the dialog reads it. */
export interface BodySchema {
  safeParse: (
    body: unknown,
  ) => { success: true; data: unknown } | { success: false; error: { issues: Array<{ message: string }> } };
}

export interface PostDialogProps<V extends object> {
  title: ReactNode;
  okText: string;
  url: string;
  /** The body posted for the form's values. */
  body: (values: V) => unknown;
  /** The route's body schema: a body it refuses is not sent (its first issue is the refusal); what it
   *  parses is what is sent. */
  schema?: BodySchema;
  /** The caller's form, when it watches its values. */
  form?: FormInstance<V>;
  onClose: (changed: boolean) => void;
  /** The width on a wide screen; a phone uses the whole width. */
  width?: number;
  danger?: boolean;
  okDisabled?: boolean;
  maskClosable?: boolean;
  /** Where a refusal shows: in the dialog (with this test id) or as a message. */
  refusal?: { inline: string } | 'message';
  /** Shown above the form. */
  intro?: ReactNode;
  /** Shown below the form while there is no refusal. */
  hint?: ReactNode;
  formProps?: Omit<FormProps<V>, 'form' | 'layout' | 'children'>;
  testId?: string;
  children?: ReactNode;
}

export function PostDialog<V extends object>(props: PostDialogProps<V>) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<V>(props.form);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const uploads = useUploadTracking();
  const inline = props.refusal !== undefined && props.refusal !== 'message';
  const refuse = (text: string) => (inline ? setRefusal(text) : message.error(text));

  async function submit() {
    let body = props.body(await form.validateFields());
    if (props.schema) {
      const parsed = props.schema.safeParse(body);
      if (!parsed.success) {
        refuse(parsed.error.issues[0]?.message ?? '');
        return;
      }
      body = parsed.data;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const env = (await postEnvelope(props.url, body)) as Envelope<unknown>;
      if (!env.success) {
        refuse(env.message);
        return;
      }
      message.success(env.message);
      props.onClose(true);
    } catch (error) {
      refuse(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={props.title}
      width={screens.md ? (props.width ?? 520) : '100%'}
      confirmLoading={busy}
      okText={props.okText}
      okButtonProps={{ danger: props.danger, disabled: props.okDisabled || uploads.uploading }}
      cancelText={tx(['取消', 'Cancel'])}
      maskClosable={props.maskClosable}
      // A form that does not validate shows its own messages.
      onOk={() => void submit().catch(() => undefined)}
      onCancel={() => props.onClose(false)}
      destroyOnHidden
      data-testid={props.testId}
    >
      {props.intro}
      <Form<V> form={form} layout="vertical" {...props.formProps}>
        <UploadTrackerProvider value={uploads.track}>{props.children}</UploadTrackerProvider>
      </Form>
      {refusal && props.refusal !== 'message' && props.refusal !== undefined && (
        <Alert type="error" showIcon message={refusal} data-testid={props.refusal.inline} />
      )}
      {!refusal && props.hint}
    </Modal>
  );
}
