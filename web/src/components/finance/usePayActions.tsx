// The pay actions of the waybill lists (支付运单, 预付运单, 垫付运单) and of 待付款: one row or the
// selected rows, a confirm dialog with the total and the fee split (the server's preview: nothing written),
// the server's refusal in its own words, and one progress bar for a batch — sent in parts, each part one
// money transaction with its own idempotency key made when the dialog opened, so a retry pays nothing twice.
import { type Envelope, PAY_STATUS, SHIPPING_STATUS } from '@freight/contracts';
import {
  Alert,
  App,
  Button,
  Checkbox,
  Descriptions,
  Grid,
  Input,
  Modal,
  Progress,
  Space,
  Typography,
} from 'antd';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, errorText, getEnvelope, postEnvelope } from '../../services/request';
import { usePermissions } from '../../stores/permissions';
import type { RowAction, ToolbarAction } from '../resource';
import { useBilingual } from '../resource/text';
import type { Bilingual } from '../resource/types';
import { useCan } from '../resource/useCan';
import { announceMoneyChange, newIdempotencyKey, yuan } from './money';

type Row = Record<string, unknown>;
export type PayKind = 'pay' | 'prepay' | 'advance';
type Share = 'cash' | 'card';

/** Notes per request of a batch: each part is one transaction, and the bar moves part by part. */
export const PAY_CHUNK = 100;
/** The preview's limit per call (the server's batch limit). */
const PREVIEW_CHUNK = 1000;

const LABEL: Record<PayKind, Bilingual> = {
  pay: ['支付', 'Pay'],
  prepay: ['预付', 'Prepay'],
  advance: ['垫付', 'Advance'],
};
/** The button for the selection, for the payout request and for both, worded from the kind's verb. */
const batchLabel = ([zh, en]: Bilingual): Bilingual => [`批量${zh}`, `${en} selected`];
const submitLabel = ([zh, en]: Bilingual): Bilingual => [`申请${zh}`, `Request ${en.toLowerCase()}`];
const submitBatchLabel = ([zh, en]: Bilingual): Bilingual => [
  `批量申请${zh}`,
  `Request ${en.toLowerCase()} for selected`,
];
/** The payout request of 待付款: submitted here, reviewed by finance, executed by the cashier. */
const SUBMIT_CODE = 'finance:payout:submit';

/** The button code of each kind (the waybill lists' menus grant them). */
export const PAY_CODE: Record<PayKind, string> = {
  pay: 'shipping:pay:pay',
  prepay: 'shipping:prepay:pay',
  advance: 'shipping:advance:pay',
};

const STILL_TO_PAY: readonly number[] = [PAY_STATUS.unpaid, PAY_STATUS.prepaid, PAY_STATUS.failed];

/** Rows the kind may be offered for (the server checks every rule again). */
export function payable(kind: PayKind, row: Row): boolean {
  const status = Number(row.status);
  const payStatus = Number(row.payStatus);
  if (kind === 'prepay')
    return (
      payStatus === PAY_STATUS.unpaid &&
      Number(row.prepayFen ?? 0) > 0 &&
      status >= SHIPPING_STATUS.loaded &&
      status <= SHIPPING_STATUS.audited
    );
  if (status !== SHIPPING_STATUS.audited) return false;
  // A per-trip customer is charged at audit: its notes are paid, not advanced.
  if (kind === 'advance') return payStatus === PAY_STATUS.unpaid && Number(row.settleMode) !== 1;
  return STILL_TO_PAY.includes(payStatus);
}

interface Preview {
  payable: boolean;
  message?: string;
  noteCount?: number;
  cashFen?: number;
  driverCashFen?: number;
  agentCashFen?: number;
  cardShareFen?: number;
  customerFeeFen?: number;
  driverFeeFen?: number;
  serviceFeeFen?: number;
  agentFeeFen?: number;
  chargeFen?: number;
}

interface PayAnswer {
  payoutId: string;
  payoutNo: string;
  state: number;
  noteCount: number;
  totalFen: number;
}

interface Outcome {
  sentNotes: number;
  messages: string[];
  refusal: string | null;
  payoutIds: string[];
}

interface BankProgress {
  paid: number;
  failed: number;
  total: number;
  failures: string[];
}

/** The split the confirm dialog shows under the total, in this order. */
const SPLIT_FIGURES: ReadonlyArray<readonly [keyof Preview & `${string}Fen`, Bilingual]> = [
  ['driverCashFen', ['付司机', 'To drivers']],
  ['agentCashFen', ['付经纪人', 'To agents']],
  ['cardShareFen', ['油卡/ETC', 'Fuel card / ETC']],
  ['chargeFen', ['本次从货主钱包扣款', 'Charged to shipper wallet']],
  ['customerFeeFen', ['货主运费', 'Customer fee']],
  ['driverFeeFen', ['司机运费', 'Driver fee']],
  ['serviceFeeFen', ['平台服务费', 'Service fee']],
  ['agentFeeFen', ['经纪人佣金', 'Agent fee']],
];

const PREVIEW_SUMS = [
  'noteCount',
  'cashFen',
  'driverCashFen',
  'agentCashFen',
  'cardShareFen',
  'customerFeeFen',
  'driverFeeFen',
  'serviceFeeFen',
  'agentFeeFen',
  'chargeFen',
] as const;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function PayDialog({
  kind,
  submit,
  rows,
  onClose,
}: {
  kind: PayKind;
  submit: boolean;
  rows: Row[];
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const screens = Grid.useBreakpoint();
  const canPreview = usePermissions((s) => s.codes.includes('finance:paylist:list'));
  const canFollowBank = usePermissions((s) => s.codes.includes('finance:payout:list'));
  const [shares, setShares] = useState<Share[]>(['cash', 'card']);
  const [remark, setRemark] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [bank, setBank] = useState<BankProgress | null>(null);
  const ids = useMemo(() => rows.map((r) => String(r.id)), [rows]);
  const parts = useMemo(() => chunks(ids, PAY_CHUNK), [ids]);
  // One key per part, made once for this dialog: sending again after a lost answer replays, never repays.
  const keys = useRef<string[]>([]);
  const keyOf = (index: number, sharesKey: string) => {
    const slot = `${index}:${sharesKey}`;
    const found = keys.current.find((k) => k.startsWith(`${slot}|`));
    if (found) return found.slice(slot.length + 1);
    const key = newIdempotencyKey(kind);
    keys.current.push(`${slot}|${key}`);
    return key;
  };
  const batch = ids.length > 1;

  // The preview: totals and the split, or the first refusal (nothing is written).
  useEffect(() => {
    if (!canPreview) return;
    let live = true;
    setPreviewing(true);
    (async () => {
      const sum: Preview = { payable: true };
      for (const part of chunks(ids, PREVIEW_CHUNK)) {
        const answer = await api.post<Preview>('/plateform/payout/preview', {
          kind,
          ids: part,
          ...(kind === 'prepay' ? { shares } : {}),
        });
        if (!answer?.payable) return answer ?? { payable: false, message: '' };
        for (const key of PREVIEW_SUMS) sum[key] = (sum[key] ?? 0) + (answer[key] ?? 0);
      }
      return sum;
    })()
      .then((answer) => live && setPreview(answer))
      .catch((error) => live && setPreview({ payable: false, message: errorText(error) }))
      .finally(() => live && setPreviewing(false));
    return () => {
      live = false;
    };
  }, [canPreview, ids, kind, shares]);

  // After the money transactions: the bank's outcome, followed until every payment is paid or failed.
  useEffect(() => {
    if (!outcome || outcome.payoutIds.length === 0 || !canFollowBank) return;
    let live = true;
    const started = Date.now();
    const poll = async () => {
      const found: BankProgress = { paid: 0, failed: 0, total: 0, failures: [] };
      for (const id of outcome.payoutIds) {
        const env = await getEnvelope<{ payments: Row[] }>('/plateform/payout/detail', { id });
        for (const p of env.result?.payments ?? []) {
          found.total += 1;
          if (Number(p.state) === 2) found.paid += 1;
          if (Number(p.state) === 3) {
            found.failed += 1;
            found.failures.push(
              `${String(p.shippingNoteNumber ?? '')} ${String(p.payeeName ?? '')}：${String(p.failReason ?? '')}`,
            );
          }
        }
      }
      if (!live) return;
      setBank(found);
      if (found.paid + found.failed < found.total && Date.now() - started < 60_000)
        setTimeout(() => void poll().catch(() => undefined), 500);
      else announceMoneyChange();
    };
    void poll().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [outcome, canFollowBank]);

  async function run() {
    setRunning(true);
    setDone(0);
    const result: Outcome = { sentNotes: 0, messages: [], refusal: null, payoutIds: [] };
    const sharesKey = kind === 'prepay' ? [...shares].sort().join(',') : '';
    for (const [index, part] of parts.entries()) {
      try {
        const env = await postEnvelope<PayAnswer>(
          submit ? '/plateform/payout/submit' : `/shipping/hyShippingNote/${kind}`,
          {
            ...(submit ? { kind } : {}),
            ids: part,
            idempotencyKey: keyOf(index, sharesKey),
            ...(kind === 'prepay' ? { shares } : {}),
            ...(remark.trim() ? { remark: remark.trim() } : {}),
          },
        );
        if (!(env as Envelope<PayAnswer>).success) {
          result.refusal = env.message;
          break;
        }
        result.sentNotes += part.length;
        result.messages.push(env.message);
        if (env.result?.payoutId) result.payoutIds.push(env.result.payoutId);
        setDone(result.sentNotes);
      } catch (error) {
        result.refusal = errorText(error);
        break;
      }
    }
    setRunning(false);
    setOutcome(result);
    if (result.sentNotes > 0) announceMoneyChange();
    if (result.refusal) message.error(result.refusal);
    else message.success(result.messages.length === 1 ? result.messages[0] : tx(['已提交', 'Submitted']));
  }

  const percent = ids.length ? Math.round((done / ids.length) * 100) : 0;
  const refusedByPreview = preview && !preview.payable;
  const numbers = rows.map((r) => String(r.shippingNoteNumber ?? '')).filter(Boolean);
  const verb = submit ? submitLabel(LABEL[kind]) : LABEL[kind];
  const title = `${tx(verb)} · ${batch ? tx([`${ids.length} 个运单`, `${ids.length} waybills`]) : (numbers[0] ?? '')}`;
  const rowSum = (key: string) => rows.reduce((s, r) => s + (Number(r[key]) || 0), 0);

  const footer = outcome
    ? [
        <Button key="close" type="primary" onClick={() => onClose(outcome.sentNotes > 0)}>
          {tx(['完成', 'Done'])}
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={() => onClose(false)} disabled={running}>
          {tx(['取消', 'Cancel'])}
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={running}
          disabled={previewing || Boolean(refusedByPreview) || (kind === 'prepay' && shares.length === 0)}
          onClick={() => void run()}
          data-testid="pay-confirm"
        >
          {submit
            ? tx(['提交申请', 'Submit request'])
            : tx([`确认${LABEL[kind][0]}`, `Confirm ${LABEL[kind][1].toLowerCase()}`])}
        </Button>,
      ];

  return (
    <Modal
      open
      title={title}
      width={screens.md ? 620 : '100%'}
      maskClosable={false}
      closable={!running}
      onCancel={() => !running && onClose(Boolean(outcome && outcome.sentNotes > 0))}
      footer={footer}
      destroyOnHidden
      data-testid="pay-dialog"
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        {batch && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: numbers.join(', ') }}>
            {numbers.slice(0, 5).join('、')}
            {numbers.length > 5 ? ` … ${tx([`共 ${numbers.length} 个`, `${numbers.length} in all`])}` : ''}
          </Typography.Text>
        )}
        {kind === 'prepay' && !outcome && (
          <Checkbox.Group
            value={shares}
            onChange={(v) => setShares(v as Share[])}
            disabled={running}
            options={[
              { value: 'cash', label: tx(['现金预付', 'Cash prepayment']) },
              { value: 'card', label: tx(['油卡/ETC', 'Fuel card / ETC']) },
            ]}
          />
        )}
        {canPreview ? (
          preview?.payable ? (
            <Descriptions
              size="small"
              bordered
              column={screens.sm ? 2 : 1}
              data-testid="pay-split"
              items={[
                {
                  key: 'total',
                  label: tx(['付款合计', 'Total to pay']),
                  span: screens.sm ? 2 : 1,
                  children: (
                    <Typography.Text strong data-testid="pay-total">
                      ¥ {yuan(preview.cashFen)}
                    </Typography.Text>
                  ),
                },
                ...SPLIT_FIGURES.map(([key, label]) => ({
                  key,
                  label: tx(label),
                  children:
                    key === 'serviceFeeFen' ? (
                      <span data-testid="pay-service-fee">{yuan(preview[key])}</span>
                    ) : (
                      yuan(preview[key])
                    ),
                })),
              ]}
            />
          ) : refusedByPreview ? (
            <Alert type="error" showIcon message={preview?.message} data-testid="pay-refusal" />
          ) : (
            <Typography.Text type="secondary">
              {tx(['正在核算…', 'Working out the amounts…'])}
            </Typography.Text>
          )
        ) : (
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              {
                key: 'driverFee',
                label: tx(['司机运费合计', 'Driver fees']),
                children: yuan(rowSum('driverFee')),
              },
              {
                key: 'customerFee',
                label: tx(['货主运费合计', 'Customer fees']),
                children: yuan(rowSum('customerFee')),
              },
            ]}
          />
        )}
        {!outcome && (
          <Input
            placeholder={tx(['备注（可选）', 'Remark (optional)'])}
            value={remark}
            maxLength={255}
            onChange={(e) => setRemark(e.target.value)}
            disabled={running}
          />
        )}
        {(running || outcome) && batch && (
          <div>
            <Typography.Text type="secondary">
              {tx(['提交进度', 'Submitted'])} {done} / {ids.length}
            </Typography.Text>
            <Progress
              percent={percent}
              status={outcome?.refusal ? 'exception' : running ? 'active' : 'success'}
              data-testid="pay-progress"
            />
          </div>
        )}
        {outcome && (
          <Space direction="vertical" style={{ width: '100%' }}>
            {outcome.messages.map((text) => (
              <Alert key={text} type="success" showIcon message={text} />
            ))}
            {outcome.refusal && (
              <Alert
                type="error"
                showIcon
                message={outcome.refusal}
                description={
                  outcome.sentNotes > 0
                    ? tx([
                        `前 ${outcome.sentNotes} 个运单已提交，其余未提交。`,
                        `The first ${outcome.sentNotes} waybills were submitted; the rest were not.`,
                      ])
                    : undefined
                }
                data-testid="pay-refusal"
              />
            )}
            {bank && bank.total > 0 && (
              <div data-testid="pay-bank">
                <Typography.Text type="secondary">
                  {tx(['银行处理', 'At the bank'])}：{tx(['成功', 'paid'])} {bank.paid}
                  {bank.failed ? ` · ${tx(['失败', 'failed'])} ${bank.failed}` : ''} / {bank.total}
                </Typography.Text>
                <Progress
                  percent={Math.round(((bank.paid + bank.failed) / bank.total) * 100)}
                  success={{ percent: Math.round((bank.paid / bank.total) * 100) }}
                  status={bank.failed ? 'exception' : undefined}
                />
                {bank.failures.slice(0, 5).map((f) => (
                  <Typography.Paragraph key={f} type="danger" style={{ margin: 0 }}>
                    {f}
                  </Typography.Paragraph>
                ))}
              </div>
            )}
          </Space>
        )}
      </Space>
    </Modal>
  );
}

/**
 * Row and batch actions of the pay kinds, and the dialog they open. A user holding a kind's button pays at
 * once (taking every approval step the user holds); with `submit`, one who holds only the payout submission
 * (operations on 待付款) sends a payout request to finance instead.
 */
export function usePayActions(
  kinds: readonly PayKind[],
  options: { submit?: boolean } = {},
): {
  rowActions: RowAction[];
  toolbar: ToolbarAction[];
  modal: ReactNode;
} {
  const can = useCan();
  const { message } = App.useApp();
  const tx = useBilingual();
  const [open, setOpen] = useState<{
    kind: PayKind;
    submit: boolean;
    rows: Row[];
    reload: () => void;
    seq: number;
  } | null>(null);
  const seq = useRef(0);
  const start = useCallback(
    (kind: PayKind, submit: boolean, rows: Row[], reload: () => void) => {
      const fit = rows.filter((r) => payable(kind, r));
      if (fit.length === 0) {
        message.warning(tx(['所选运单都不能执行该操作', 'None of the selected waybills can take this']));
        return;
      }
      if (fit.length < rows.length)
        message.info(
          tx([
            `已跳过 ${rows.length - fit.length} 个不能${LABEL[kind][0]}的运单`,
            `${rows.length - fit.length} waybills that cannot take this were left out`,
          ]),
        );
      seq.current += 1;
      setOpen({ kind, submit, rows: fit, reload, seq: seq.current });
    },
    [message, tx],
  );
  // Per kind: the direct action for holders of its button, else the request for holders of the submission.
  const offered = useMemo(
    () =>
      kinds.flatMap((kind) =>
        can(PAY_CODE[kind])
          ? [{ kind, submit: false, code: PAY_CODE[kind] }]
          : options.submit && can(SUBMIT_CODE)
            ? [{ kind, submit: true, code: SUBMIT_CODE }]
            : [],
      ),
    [kinds, can, options.submit],
  );
  const rowActions = useMemo<RowAction[]>(
    () =>
      offered.map(({ kind, submit, code }) => ({
        key: `money-${kind}`,
        label: submit ? submitLabel(LABEL[kind]) : LABEL[kind],
        perm: code,
        visible: (row: Row) => payable(kind, row),
        run: (row: Row, helpers: { reload: () => void }) => start(kind, submit, [row], helpers.reload),
      })),
    [offered, start],
  );
  const toolbar = useMemo<ToolbarAction[]>(
    () =>
      offered.map(({ kind, submit, code }) => ({
        key: `money-batch-${kind}`,
        label: submit ? submitBatchLabel(LABEL[kind]) : batchLabel(LABEL[kind]),
        perm: code,
        batch: true,
        run: (rows: Row[], helpers: { reload: () => void }) => start(kind, submit, rows, helpers.reload),
      })),
    [offered, start],
  );
  const modal = open ? (
    <PayDialog
      key={open.seq}
      kind={open.kind}
      submit={open.submit}
      rows={open.rows}
      onClose={(changed) => {
        if (changed) open.reload();
        setOpen(null);
      }}
    />
  ) : null;
  return { rowActions, toolbar, modal };
}
