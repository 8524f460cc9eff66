// Cron field of the job form: the expression, preset shortcuts, and the next fire times the server
// computes (China time) — or the reason it refuses the expression — while the user types.
import { ProForm } from '@ant-design/pro-components';
import { Dropdown, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { FormItemContext } from '../../../../components/resource';
import { useBilingual } from '../../../../components/resource/text';
import { api, errorText } from '../../../../services/request';

const PRESETS: ReadonlyArray<{ cron: string; label: readonly [string, string] }> = [
  { cron: '0 * * * * ?', label: ['每分钟', 'Every minute'] },
  { cron: '0 0/5 * * * ?', label: ['每5分钟', 'Every 5 minutes'] },
  { cron: '0 0 * * * ?', label: ['每小时', 'Every hour'] },
  { cron: '0 0 2 * * ?', label: ['每天 02:00', 'Daily at 02:00'] },
  { cron: '0 0 9 ? * MON', label: ['每周一 09:00', 'Mondays at 09:00'] },
];

function CronControl({
  id,
  value,
  onChange,
  disabled,
}: {
  /** The form item's field id, so that its label names the input. */
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
}) {
  const tx = useBilingual();
  const [preview, setPreview] = useState<{ runs?: string[]; error?: string }>({});
  useEffect(() => {
    const cron = value?.trim();
    if (!cron) {
      setPreview({});
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      api
        .get<string[]>('/sys/quartzJob/cronPreview', { cron })
        .then((runs) => live && setPreview({ runs }))
        .catch((error) => live && setPreview({ error: errorText(error) }));
    }, 400);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [value]);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={value}
          disabled={disabled}
          placeholder="0 0/10 * * * ?"
          onChange={(e) => onChange?.(e.target.value)}
          data-testid="cron-input"
        />
        <Dropdown
          disabled={disabled}
          menu={{
            items: PRESETS.map((p) => ({ key: p.cron, label: `${tx(p.label)}  ${p.cron}` })),
            onClick: ({ key }) => onChange?.(key),
          }}
        >
          <Typography.Link style={{ padding: '4px 8px', whiteSpace: 'nowrap' }}>
            {tx(['常用', 'Presets'])}
          </Typography.Link>
        </Dropdown>
      </Space.Compact>
      {preview.error ? (
        <Typography.Text type="danger" data-testid="cron-error">
          {preview.error}
        </Typography.Text>
      ) : preview.runs ? (
        <Typography.Text type="secondary" data-testid="cron-next">
          {tx(['接下来执行：', 'Next runs: '])}
          {preview.runs.slice(0, 3).join('，')}
        </Typography.Text>
      ) : null}
    </Space>
  );
}

export function CronFormItem(ctx: FormItemContext) {
  return (
    <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={ctx.colProps ?? { span: 24 }}>
      <CronControl disabled={ctx.disabled} />
    </ProForm.Item>
  );
}
