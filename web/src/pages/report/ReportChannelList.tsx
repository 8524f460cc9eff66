// 上报通道 (`/report/channel`): one row per province. Passwords and keys are write-only: the form
// never shows them, only whether one is set; a blank field keeps the stored value. One channel is active at a
// time; "test connection" logs in to the province and shows its answer.
import { ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { reportChannelResource } from '@freight/contracts';
import { App, Descriptions, Tag } from 'antd';
import { type FormItemContext, ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api } from '../../services/request';
import { JsonBlock, T } from './components/reportParts';

type Row = Record<string, unknown>;

const SECRETS = ['password', 'sm2PublicKeySecret', 'aesSecret', 'aesIvSecret'] as const;
const MASK = '******';

interface ConnectionAnswer {
  ok: boolean;
  code: string;
  message: string;
  response?: unknown;
}

function EnabledTag({ value }: { value: unknown }) {
  const tx = useBilingual();
  return value ? <Tag color="green">{tx(['启用中', 'Active'])}</Tag> : <Tag>{tx(['未启用', 'Standby'])}</Tag>;
}

/** A write-only secret: an empty box whose placeholder and tag say whether a value is stored. */
function SecretItem({ ctx, textarea }: { ctx: FormItemContext; textarea?: boolean }) {
  const tx = useBilingual();
  const set = ctx.editing && ctx.editingRow?.[ctx.name] === MASK;
  const placeholder = set
    ? tx(['已设置，留空则不修改', 'Set; leave blank to keep it'])
    : tx(['未设置', 'Not set']);
  const label = (
    <span>
      {ctx.label}{' '}
      <Tag
        data-testid={`secret-${ctx.name}`}
        color={set ? 'green' : 'default'}
        style={{ marginInlineStart: 4 }}
      >
        {set ? tx(['已设置', 'Set']) : tx(['未设置', 'Not set'])}
      </Tag>
    </span>
  );
  const common = {
    name: ctx.name,
    label,
    colProps: ctx.colProps,
    rules: ctx.rules.filter((rule) => !('required' in rule && rule.required)),
    fieldProps: { autoComplete: 'new-password', placeholder },
  };
  return textarea ? (
    <ProFormTextArea {...common} fieldProps={{ ...common.fieldProps, rows: 2 }} />
  ) : (
    <ProFormText.Password {...common} />
  );
}

/** The code map as JSON text in the form, an object (or null) in the body. */
function CodeMapItem({ ctx }: { ctx: FormItemContext }) {
  const tx = useBilingual();
  return (
    <ProFormTextArea
      name={ctx.name}
      label={ctx.label}
      colProps={ctx.colProps}
      placeholder='{"WLHY_ZJ1001": "WLHY_JZ1001"}'
      fieldProps={{ rows: 2 }}
      rules={[
        {
          validator: async (_rule: unknown, value: unknown) => {
            if (typeof value !== 'string' || !value.trim()) return;
            let parsed: unknown;
            try {
              parsed = JSON.parse(value);
            } catch {
              throw new Error(tx(['须为JSON对象', 'Must be a JSON object']));
            }
            if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
              throw new Error(tx(['须为JSON对象', 'Must be a JSON object']));
          },
        },
      ]}
    />
  );
}

function AnswerView({ answer }: { answer: ConnectionAnswer }) {
  const tx = useBilingual();
  return (
    <div data-testid="connection-answer">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={tx(['结果', 'Result'])}>
          {answer.ok ? (
            <Tag color="green">{tx(['登录成功', 'Logged in'])}</Tag>
          ) : (
            <Tag color="red">{tx(['登录失败', 'Login failed'])}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['返回代码', 'Code'])}>{answer.code || '--'}</Descriptions.Item>
        <Descriptions.Item label={tx(['返回信息', 'Message'])}>{answer.message || '--'}</Descriptions.Item>
      </Descriptions>
      {answer.response !== undefined && answer.response !== null && (
        <div style={{ marginTop: 12 }}>
          <JsonBlock value={answer.response} />
        </div>
      )}
    </div>
  );
}

export default function ReportChannelList() {
  const { modal, message } = App.useApp();
  const def = useResourcePage(reportChannelResource, [modal, message], () => ({
    formIn: 'drawer',
    addDefaults: {
      enabled: false,
      environment: 'test',
      sm2CipherMode: 'C1C3C2',
      format: 'json',
      tagCase: 'camel',
      deadlineHours: 24,
    },
    fields: {
      enabled: { render: (value) => <EnabledTag value={value} /> },
      simulated: {
        render: (value) =>
          value ? (
            <Tag color="purple">
              <T text={['模拟', 'Simulated']} />
            </Tag>
          ) : (
            '--'
          ),
      },
      password: { renderFormItem: (ctx) => <SecretItem ctx={ctx} /> },
      sm2PublicKeySecret: { renderFormItem: (ctx) => <SecretItem ctx={ctx} textarea /> },
      aesSecret: { renderFormItem: (ctx) => <SecretItem ctx={ctx} /> },
      aesIvSecret: { renderFormItem: (ctx) => <SecretItem ctx={ctx} /> },
      codeMap: {
        render: (value) => (value && typeof value === 'object' ? JSON.stringify(value) : '--'),
        renderFormItem: (ctx) => <CodeMapItem ctx={ctx} />,
      },
    },
    // Secrets never go back into the form; the code map is edited as JSON text.
    toForm: (row) => {
      const out: Row = { ...row };
      for (const key of SECRETS) out[key] = undefined;
      out.codeMap = row.codeMap ? JSON.stringify(row.codeMap) : undefined;
      return out;
    },
    toBody: (values) => {
      const out: Row = { ...values };
      const map = typeof values.codeMap === 'string' ? values.codeMap.trim() : '';
      out.codeMap = map ? (JSON.parse(map) as Row) : null;
      out.deadlineHours = values.deadlineHours === undefined ? undefined : Number(values.deadlineHours);
      return out;
    },
    rowActions: [
      {
        key: 'test',
        label: ['测试连接', 'Test connection'],
        perm: 'report:channel:test',
        run: async (row) => {
          const hide = message.loading({
            content: <T text={['正在连接…', 'Connecting…']} />,
            duration: 0,
          });
          let answer: ConnectionAnswer;
          try {
            answer = await api.post<ConnectionAnswer>('/report/channel/testConnection', { id: row.id });
          } finally {
            hide();
          }
          (answer.ok ? modal.success : modal.error)({
            title: (
              <span>
                <T text={['测试连接', 'Test connection']} /> · {String(row.channelName)}
              </span>
            ),
            content: <AnswerView answer={answer} />,
            width: 560,
          });
        },
      },
      {
        key: 'enable',
        label: ['启用', 'Activate'],
        perm: 'report:channel:edit',
        visible: (row) => !row.enabled,
        confirm: [
          '启用后其他通道将停用，此后的报文上报到本通道。确定启用吗?',
          'The other channels stand down and later reports go to this one. Activate it?',
        ],
        run: async (row, { reload }) => {
          await api.post('/report/channel/enable', { id: row.id });
          message.success(<T text={['已启用', 'Activated']} />);
          reload();
        },
      },
    ],
  }));
  return <ResourceListPage def={def} />;
}
