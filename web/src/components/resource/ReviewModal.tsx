// Approve or reject a pending party: a rejection needs its reason.
import { App, Checkbox, Form, Input, Modal, Radio } from 'antd';
import { type ReactNode, useEffect, useId } from 'react';
import { api } from '../../services/request';
import { useBusyAction } from '../common/useBusyAction';
import { useBilingual } from './text';
import { useCan } from './useCan';

type Row = Record<string, unknown>;

export function ReviewModal({
  api: base,
  row,
  extra,
  overridePerm,
  onClose,
  onDone,
}: {
  api: string;
  row: Row | null;
  /** Shown above the decision (the record's identity checks). */
  extra?: (row: Row) => ReactNode;
  /** Holders of this code may approve over failed checks, with a reason. */
  overridePerm?: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<{
    state: 2 | 3;
    reason?: string;
    override?: boolean;
    overrideReason?: string;
  }>();
  // A name per instance: review dialogs of other kept-alive tabs hold the same fields.
  const formName = `review${useId().replace(/[^A-Za-z0-9]/g, '')}`;
  const { busy, run } = useBusyAction();
  const state = Form.useWatch('state', form);
  const override = Form.useWatch('override', form);
  const mayOverride = Boolean(overridePerm && can(overridePerm));

  useEffect(() => {
    if (row) form.setFieldsValue({ state: 2, reason: undefined, override: false, overrideReason: undefined });
  }, [row, form]);

  async function submit() {
    const values = await form.validateFields();
    await run(async () => {
      const overriding = values.state === 2 && mayOverride && values.override === true;
      await api.post(`${base}/review`, {
        id: row?.id,
        state: values.state,
        reason: values.reason,
        ...(overriding ? { override: true, overrideReason: values.overrideReason } : {}),
      });
      message.success(values.state === 2 ? tx(['审核通过', 'Approved']) : tx(['已驳回', 'Rejected']));
      onDone();
    });
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
      {row && extra?.(row)}
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
        {mayOverride && state === 2 && (
          <Form.Item name="override" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{tx(['核验未通过时越权通过', 'Override failed checks'])}</Checkbox>
          </Form.Item>
        )}
        {mayOverride && state === 2 && override && (
          <Form.Item
            name="overrideReason"
            label={tx(['越权通过理由', 'Override reason'])}
            rules={[
              {
                required: true,
                whitespace: true,
                message: tx(['越权通过必须填写理由', 'An override needs a reason']),
              },
            ]}
          >
            <Input.TextArea rows={2} maxLength={255} showCount />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
