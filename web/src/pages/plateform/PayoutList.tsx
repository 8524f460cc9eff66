// 付款审批: payout requests from the payout declaration. Operations submit them (待付款), finance
// reviews, the cashier (出纳) executes — each within the amount limit of their roles, every step logged and
// shown in the detail drawer with the request's waybills and its bank payments. Limits per role and step are
// kept here too.

import { PAYOUT_STATE, payoutResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { InfoList } from '../../components/common/InfoList';
import { useBusyAction } from '../../components/common/useBusyAction';
import { DictTag } from '../../components/dict';
import { paymentStateColumn, yuanColumn } from '../../components/finance/columns';
import { announceMoneyChange, fenOfYuan, yuan } from '../../components/finance/money';
import { ReasonDialog, RejectDialog } from '../../components/finance/ReasonDialog';
import { TitledTable } from '../../components/finance/TitledTable';
import {
  ResourceListPage,
  type RowAction,
  useCan,
  usePageDialog,
  useResourcePage,
} from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import type { Bilingual } from '../../components/resource/types';
import { api, errorText, postEnvelope } from '../../services/request';

type Row = Record<string, unknown>;
type Dialog = { kind: 'review' | 'execute' | 'reject'; row: Row } | { kind: 'limits' };

interface Detail {
  payout: Row;
  notes: Array<{ noteId: string; shippingNoteNumber: string; amountFen: number; open: boolean }>;
  log: Array<{
    id: string;
    step: string;
    fromState: number | null;
    toState: number;
    amountFen: number;
    operator: string;
    remark: string | null;
    createTime: string;
  }>;
  payments: Row[];
}

interface Limit {
  roleCode: string;
  step: 'submit' | 'review' | 'execute';
  maxFen: number;
  updateBy: string | null;
}

const STEP_TEXT: Record<string, Bilingual> = {
  submit: ['提交', 'Submitted'],
  review: ['复核', 'Reviewed'],
  execute: ['出纳付款', 'Paid by the cashier'],
  reject: ['驳回', 'Rejected'],
};

const time = (value: unknown) => (value ? new Date(String(value)).toLocaleString('zh-CN') : '');

/** The request's steps, waybills and bank payments (detail drawer). */
function PayoutTrail({ id }: { id: string }) {
  const tx = useBilingual();
  const detail = useQuery({
    queryKey: ['payoutDetail', id],
    queryFn: () => api.get<Detail>('/plateform/payout/detail', { id }),
  });
  if (detail.isLoading) return <Spin />;
  if (detail.error) return <Alert type="error" showIcon message={errorText(detail.error)} />;
  const data = detail.data;
  if (!data) return null;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%', marginTop: 16 }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {tx(['审批记录', 'Approval steps'])}
      </Typography.Title>
      <Timeline
        data-testid="payout-log"
        items={data.log.map((entry) => ({
          color: entry.step === 'reject' ? 'red' : entry.step === 'execute' ? 'green' : 'blue',
          children: (
            <div data-testid="payout-log-entry">
              <Typography.Text strong>
                {tx(STEP_TEXT[entry.step] ?? [entry.step, entry.step])}
              </Typography.Text>{' '}
              <DictTag code="payout_state" value={entry.toState} /> ¥{yuan(entry.amountFen)}
              <div>
                <Typography.Text type="secondary">
                  {entry.operator} · {time(entry.createTime)}
                </Typography.Text>
              </div>
              {entry.remark && <div>{entry.remark}</div>}
            </div>
          ),
        }))}
      />
      <TitledTable
        heading={tx(['运单', 'Waybills'])}
        headingStyle={{ margin: 0 }}
        rowKey="noteId"
        dataSource={data.notes}
        columns={[
          { title: tx(['运单号', 'Waybill no.']), dataIndex: 'shippingNoteNumber' },
          yuanColumn(tx(['付款金额', 'Amount']), 'amountFen'),
        ]}
      />
      {data.payments.length > 0 && (
        <TitledTable
          heading={tx(['银行付款', 'Bank payments'])}
          headingStyle={{ margin: 0 }}
          dataSource={data.payments}
          columns={[
            { title: tx(['收款人', 'Payee']), dataIndex: 'payeeName' },
            { title: tx(['运单号', 'Waybill no.']), dataIndex: 'shippingNoteNumber' },
            yuanColumn(tx(['金额', 'Amount']), 'amountFen'),
            paymentStateColumn(tx(['状态', 'State'])),
            { title: tx(['失败原因', 'Failure']), dataIndex: 'failReason' },
          ]}
        />
      )}
    </Space>
  );
}

/** Per role and step, the highest amount it may approve (no row: no limit). */
function LimitsDialog({ onClose }: { onClose: () => void }) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const [form] = Form.useForm<{ roleCode: string; step: Limit['step']; amount?: number }>();
  const limits = useQuery({
    queryKey: ['payoutLimits'],
    queryFn: () => api.get<Limit[]>('/plateform/payout/limits'),
  });
  const { busy, run } = useBusyAction();
  const steps: Array<{ value: Limit['step']; label: string }> = [
    { value: 'submit', label: tx(['提交', 'Submit']) },
    { value: 'review', label: tx(['复核', 'Review']) },
    { value: 'execute', label: tx(['出纳付款', 'Execute']) },
  ];
  const save = async (values: { roleCode: string; step: Limit['step']; maxFen: number | null }) => {
    await run(async () => {
      const env = await postEnvelope('/plateform/payout/limits', values);
      if (!env.success) throw new Error(env.message);
      message.success(env.message);
      await limits.refetch();
    });
  };
  const editable = can('finance:payout:limit');
  return (
    <Modal
      open
      title={tx(['审批额度', 'Approval limits'])}
      width={screens.md ? 640 : '100%'}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      <Table<Limit>
        size="small"
        rowKey={(r) => `${r.roleCode}:${r.step}`}
        loading={limits.isLoading}
        pagination={false}
        dataSource={limits.data ?? []}
        columns={[
          { title: tx(['角色编码', 'Role code']), dataIndex: 'roleCode' },
          {
            title: tx(['环节', 'Step']),
            dataIndex: 'step',
            render: (v) => steps.find((s) => s.value === v)?.label ?? v,
          },
          yuanColumn(tx(['单笔上限(元)', 'Limit (yuan)']), 'maxFen'),
          ...(editable
            ? [
                {
                  title: tx(['操作', 'Actions']),
                  key: 'x',
                  render: (_: unknown, r: Limit) => (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => void save({ roleCode: r.roleCode, step: r.step, maxFen: null })}
                    >
                      {tx(['取消限额', 'Remove'])}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {tx([
          '未设置额度的角色不限金额；用户有多个角色时取最高额度。',
          'A role without a limit may approve any amount; a user with several roles gets the highest.',
        ])}
      </Typography.Paragraph>
      {editable && (
        <Form
          form={form}
          layout={screens.md ? 'inline' : 'vertical'}
          onFinish={(values) => {
            const fen = fenOfYuan(values.amount);
            void save({ roleCode: values.roleCode.trim(), step: values.step, maxFen: fen ?? 0 });
          }}
        >
          <Form.Item
            name="roleCode"
            rules={[
              { required: true, whitespace: true, message: tx(['请输入角色编码', 'Enter a role code']) },
            ]}
          >
            <Input placeholder={tx(['角色编码，如 cashier', 'Role code, e.g. cashier'])} maxLength={100} />
          </Form.Item>
          <Form.Item name="step" initialValue="execute" rules={[{ required: true }]}>
            <Select options={steps} style={{ minWidth: 120 }} />
          </Form.Item>
          <Form.Item
            name="amount"
            rules={[{ required: true, message: tx(['请输入金额', 'Enter an amount']) }]}
          >
            <InputNumber min={0} precision={2} placeholder={tx(['上限(元)', 'Limit (yuan)'])} />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>
              {tx(['保存', 'Save'])}
            </Button>
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The two steps that take an optional remark: the review and the cashier's payment. */
const REMARK_STEP = {
  review: {
    heading: ['复核付款申请', 'Review the payout'],
    url: '/plateform/payout/review',
    label: ['复核意见', 'Remark'],
    okText: ['复核通过', 'Approve'],
  },
  execute: {
    heading: ['出纳付款', 'Pay out'],
    url: '/plateform/payout/execute',
    label: ['备注', 'Remark'],
    okText: ['确认付款', 'Pay'],
  },
} satisfies Record<string, { heading: Bilingual; url: string; label: Bilingual; okText: Bilingual }>;

/** A request's steps: who takes each and the state it waits in (whoever may take it may also reject it). */
const PAYOUT_STEPS = {
  review: { label: ['复核', 'Review'], perm: 'finance:payout:review', state: PAYOUT_STATE.submitted },
  execute: { label: ['出纳付款', 'Pay'], perm: 'finance:payout:execute', state: PAYOUT_STATE.reviewed },
} satisfies Record<string, { label: Bilingual; perm: string; state: number }>;
const STEP_KINDS = ['review', 'execute'] as const;
const REJECT_KEY = { review: 'rejectReview', execute: 'rejectExecute' } as const;

/** A step's buttons: for whoever may take it, on the requests waiting for it. */
function takenBy(kind: (typeof STEP_KINDS)[number]): Pick<RowAction, 'perm' | 'visible'> {
  const { perm, state } = PAYOUT_STEPS[kind];
  return { perm, visible: (row) => Number(row.state) === state };
}

export default function PayoutList() {
  const tx = useBilingual();
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceMoneyChange);
  const def = useResourcePage(payoutResource, [], () => ({
    rowActions: [
      ...STEP_KINDS.map(
        (kind): RowAction => ({
          key: kind,
          label: PAYOUT_STEPS[kind].label,
          ...takenBy(kind),
          run: (row) => setDialog({ kind, row }),
        }),
      ),
      // Rejected by whoever may take the request's next step.
      ...STEP_KINDS.map(
        (kind): RowAction => ({
          key: REJECT_KEY[kind],
          label: ['驳回', 'Reject'],
          danger: true,
          ...takenBy(kind),
          run: (row) => setDialog({ kind: 'reject', row }),
        }),
      ),
    ],
    toolbar: [
      {
        key: 'limits',
        label: ['审批额度', 'Approval limits'],
        run: () => setDialog({ kind: 'limits' }),
      },
    ],
    detailExtra: (row) => <PayoutTrail id={String(row.id)} />,
  }));
  const row = dialog && dialog.kind !== 'limits' ? dialog.row : {};
  const intro = (
    <InfoList
      items={[
        [tx(['申请单号', 'No.']), String(row.payoutNo ?? '')],
        [tx(['类型', 'Kind']), <DictTag key="kind" code="payout_kind" value={row.kind} plain />],
        [tx(['运单数', 'Waybills']), String(row.noteCount ?? '')],
        [
          tx(['付款金额', 'Amount']),
          <Typography.Text key="amount" strong>
            ¥{yuan(row.totalFen)}
          </Typography.Text>,
        ],
        [tx(['提交人', 'Submitted by']), String(row.submittedBy ?? '')],
      ]}
    />
  );
  return (
    <>
      <ResourceListPage def={def} />
      {(dialog?.kind === 'review' || dialog?.kind === 'execute') && (
        <ReasonDialog
          key={dialog.kind}
          title={`${tx(REMARK_STEP[dialog.kind].heading)} · ${String(row.payoutNo ?? '')}`}
          url={REMARK_STEP[dialog.kind].url}
          label={REMARK_STEP[dialog.kind].label}
          optional
          okText={REMARK_STEP[dialog.kind].okText}
          intro={intro}
          body={(remark) => ({ id: row.id, ...(remark ? { remark } : {}) })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectDialog
          title={`${tx(['驳回付款申请', 'Reject the payout'])} · ${String(row.payoutNo ?? '')}`}
          url="/plateform/payout/reject"
          intro={intro}
          body={(reason) => ({ id: row.id, reason })}
          onClose={close}
        />
      )}
      {dialog?.kind === 'limits' && <LimitsDialog onClose={() => setDialog(null)} />}
    </>
  );
}
