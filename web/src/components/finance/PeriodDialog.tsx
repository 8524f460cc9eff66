// A month (所属期) asked for before collecting or sending the drivers' tax data, or a quarter (所属季度) before
// generating the platform's quarterly income report.
import type { Envelope } from '@freight/contracts';
import { App, DatePicker, Form, Grid, Modal } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { errorText, postEnvelope } from '../../services/request';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';

/** `2026-Q1` of a day in the quarter. */
const quarterOf = (d: Dayjs) => `${d.year()}-Q${Math.floor(d.month() / 3) + 1}`;

export function PeriodDialog({
  title,
  url,
  onClose,
  picker = 'month',
}: {
  title: Bilingual;
  url: string;
  onClose: (changed: boolean) => void;
  /** A month posts `{ period: YYYY-MM }`, a quarter `{ quarter: YYYY-Qn }`. */
  picker?: 'month' | 'quarter';
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ period: Dayjs }>();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open
      title={tx(title)}
      width={screens.md ? 420 : '100%'}
      confirmLoading={busy}
      okText={tx(title)}
      cancelText={tx(['取消', 'Cancel'])}
      onCancel={() => onClose(false)}
      onOk={async () => {
        const { period } = await form.validateFields();
        setBusy(true);
        try {
          const body =
            picker === 'quarter' ? { quarter: quarterOf(period) } : { period: period.format('YYYY-MM') };
          const env = (await postEnvelope(url, body)) as Envelope<unknown>;
          if (!env.success) throw new Error(env.message);
          message.success(env.message);
          onClose(true);
        } catch (error) {
          message.error(errorText(error));
        } finally {
          setBusy(false);
        }
      }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="period"
          label={picker === 'quarter' ? tx(['所属季度', 'Quarter']) : tx(['所属期', 'Period'])}
          rules={[
            {
              required: true,
              message:
                picker === 'quarter'
                  ? tx(['请选择季度', 'Choose the quarter'])
                  : tx(['请选择所属期', 'Choose the month']),
            },
          ]}
        >
          <DatePicker picker={picker} style={{ width: '100%' }} data-testid="tax-period" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
