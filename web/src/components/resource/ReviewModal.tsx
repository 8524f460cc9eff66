// Approve or reject a pending party (issue 7): a rejection needs its reason.
import { App, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useId, useState } from 'react';
import { api, errorText } from '../../services/request';
import { useBilingual } from './text';

type Row = Record<string, unknown>;

export function ReviewModal({
  api: base,
  row,
  onClose,
  onDone,
}: {
  api: string;
  row: Row | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ state: 2 | 3; reason?: string }>();
  // A name per instance: review dialogs of other kept-alive tabs hold the same fields.
  const formName = `review${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const [busy, setBusy] = useState(false);
  const state = Form.useWatch('state', form);

  useEffect(() => {
    if (row) form.setFieldsValue({ state: 2, reason: undefined });
  }, [row, form]);

  async function submit() {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await api.post(`${base}/review`, { id: row?.id, state: values.state, reason: values.reason });
      message.success(values.state === 2 ? tx(['审核通过', 'Approved']) : tx(['已驳回', 'Rejected']));
      onDone();
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={Boolean(row)}
      title={tx(['审核', 'Review'])}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name={formName} layout="vertical">
        <Form.Item name="state" label={tx(['审核结果', 'Decision'])} rules={[{ required: true }]}>
          <Radio.Group
            options={[
              { value: 2, label: tx(['通过', 'Approve']) },
              { value: 3, label: tx(['驳回', 'Reject']) },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={tx(['驳回原因', 'Reason'])}
          rules={[{ required: state === 3, message: tx(['驳回时请填写原因', 'A rejection needs a reason']) }]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
