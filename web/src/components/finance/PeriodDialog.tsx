// A month (所属期) asked for before collecting or sending the drivers' tax data, or a quarter (所属季度) before
// generating the platform's quarterly income report.
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { PostDialog } from '../form/PostDialog';
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
  return (
    <PostDialog<{ period: Dayjs }>
      title={tx(title)}
      okText={tx(title)}
      width={420}
      url={url}
      body={({ period }) =>
        picker === 'quarter' ? { quarter: quarterOf(period) } : { period: period.format('YYYY-MM') }
      }
      onClose={onClose}
    >
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
    </PostDialog>
  );
}
