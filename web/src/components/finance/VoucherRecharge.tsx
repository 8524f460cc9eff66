// Manual recharges of 货主钱包 (maker-checker): one user submits a recharge with the transfer voucher
// image; a second user checks it against an unmatched incoming bank-statement line of the same amount (imported
// in 主钱包) and only then is it credited — or rejects it with a reason. The recharge records list is the
// recharge declaration's.
import { manualRechargeBody, RECHARGE_CHANNEL, RECHARGE_STATE, rechargeResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, Radio, Space, Typography } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { api } from '../../services/request';
import { useSession } from '../../stores/session';
import { InfoList } from '../common/InfoList';
import { RequiredImageItem, TextItem } from '../form/formItems';
import { PostDialog } from '../form/PostDialog';
import { pageOf, ResourceListPage, type ResourcePageDef, usePageDialog } from '../resource';
import { useBilingual } from '../resource/text';
import { SignedImage } from '../upload';
import { announceMoneyChange, fenOfYuan, newIdempotencyKey, yuan } from './money';
import { type ReviewReject, ReviewRejectDialog, rejectAction } from './ReasonDialog';
import { YuanAmountItem } from './YuanAmountItem';

type Row = Record<string, unknown>;
type Dialog = { kind: 'check' | 'reject'; row: Row };

interface VoucherValues {
  amount: number;
  voucherImg: string;
  payerName?: string;
  payerAccount?: string;
  bankSerialNo?: string;
  remark?: string;
}

/** The maker's form: amount, voucher image and the payer as written on the voucher. */
export function VoucherRechargeDialog({
  customerId,
  customerName,
  intro,
  onClose,
}: {
  customerId: string;
  customerName: string;
  intro?: ReactNode;
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  const key = useRef(newIdempotencyKey('voucher'));
  return (
    <PostDialog<VoucherValues>
      title={`${tx(['凭证充值', 'Recharge with a voucher'])} · ${customerName}`}
      width={560}
      okText={tx(['提交复核', 'Submit for checking'])}
      url="/customer/hyCustomerWallet/manualRecharge"
      schema={manualRechargeBody}
      body={(values) => ({
        customerId,
        amountFen: fenOfYuan(values.amount),
        voucherImg: values.voucherImg,
        payerName: values.payerName?.trim() || undefined,
        payerAccount: values.payerAccount?.trim() || undefined,
        bankSerialNo: values.bankSerialNo?.trim() || undefined,
        remark: values.remark?.trim() || undefined,
        idempotencyKey: key.current,
      })}
      refusal={{ inline: 'dialog-refusal' }}
      intro={
        <>
          {intro && <div style={{ marginBottom: 16 }}>{intro}</div>}
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={tx([
              '凭证充值需另一位财务人员核对银行流水后入账。',
              'A second finance user checks the voucher against the bank statement before it is credited.',
            ])}
          />
        </>
      }
      onClose={onClose}
    >
      <YuanAmountItem label={['充值金额（元）', 'Amount (yuan)']} />
      <RequiredImageItem
        name="voucherImg"
        label={tx(['转账凭证', 'Voucher'])}
        biz="voucher"
        message={tx(['请上传转账凭证', 'Upload the voucher'])}
      />
      <TextItem name="payerName" label={tx(['付款户名', 'Payer'])} maxLength={100} />
      <TextItem name="payerAccount" label={tx(['付款账号', 'Payer account'])} maxLength={40} />
      <TextItem
        name="bankSerialNo"
        label={tx(['银行流水号（如有）', 'Bank serial no. (if known)'])}
        maxLength={64}
      />
      <Form.Item name="remark" label={tx(['备注', 'Remark'])}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </PostDialog>
  );
}

/** The checker: picks the incoming statement line of the same amount, then the recharge is credited. */
function CheckDialog({ row, onClose }: { row: Row; onClose: (changed: boolean) => void }) {
  const tx = useBilingual();
  const [lineId, setLineId] = useState<string | null>(null);
  const amountFen = Number(row.amountFen);
  const lines = useQuery({
    queryKey: ['unmatchedIncoming'],
    queryFn: () =>
      api.get<{ records: Row[] }>('/plateform/statement/list', {
        matchState: 0,
        direction: 1,
        pageSize: 200,
        column: 'tradeTime',
        order: 'desc',
      }),
  });
  const same = (lines.data?.records ?? []).filter((l) => Number(l.amountFen) === amountFen);
  return (
    <PostDialog
      title={`${tx(['复核充值', 'Check the recharge'])} · ${String(row.rechargeNo ?? '')}`}
      width={720}
      okText={tx(['核对无误，入账', 'Matches: credit it'])}
      okDisabled={!lineId}
      url="/customer/hyCustomerWallet/reviewRecharge"
      body={() => ({ id: row.id, approve: true, statementLineId: lineId })}
      refusal={{ inline: 'dialog-refusal' }}
      onClose={onClose}
    >
      <Space align="start" wrap size={16}>
        {row.voucherImg ? (
          <SignedImage
            path={String(row.voucherImg)}
            width={160}
            height={120}
            style={{ objectFit: 'cover' }}
          />
        ) : null}
        <InfoList
          items={[
            [tx(['货主', 'Customer']), String(row.customerName ?? '')],
            [
              tx(['金额', 'Amount']),
              <Typography.Text key="amount" strong>
                ¥{yuan(amountFen)}
              </Typography.Text>,
            ],
            [tx(['付款户名', 'Payer']), String(row.payerName ?? '')],
            [tx(['提交人', 'Submitted by']), String(row.createBy ?? '')],
          ]}
        />
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {tx([
          '对应的银行入账流水（未核销、金额相同）',
          'The matching incoming bank line (unmatched, same amount)',
        ])}
      </Typography.Title>
      {lines.isLoading ? null : same.length === 0 ? (
        <Empty
          description={tx([
            '没有金额相同的未核销入账流水，请先在主钱包导入银行流水',
            'No unmatched incoming line of this amount: import the bank statement in 主钱包 first',
          ])}
        />
      ) : (
        <Radio.Group
          value={lineId}
          onChange={(e) => setLineId(e.target.value)}
          data-testid="statement-choice"
        >
          <Space direction="vertical">
            {same.map((l) => (
              <Radio key={String(l.id)} value={String(l.id)}>
                {String(l.bankSerialNo)} · {new Date(String(l.tradeTime)).toLocaleString('zh-CN')} · ¥
                {yuan(l.amountFen)} · {String(l.counterpartyName ?? '')}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
    </PostDialog>
  );
}

/** A voucher recharge waiting for its checker: someone other than who submitted it. */
const waitingFor = (username: string | null) => (row: Row) =>
  Number(row.state) === RECHARGE_STATE.submitted &&
  Number(row.channel) === RECHARGE_CHANNEL.voucher &&
  row.createBy !== username;

const RECHARGE_REJECT: ReviewReject = {
  title: ['驳回充值', 'Reject the recharge'],
  numberField: 'rechargeNo',
  url: '/customer/hyCustomerWallet/reviewRecharge',
};

/** 充值记录: every recharge, with the checker's actions on voucher recharges waiting for a check. */
export function RechargeRecords() {
  const { dialog, setDialog, close } = usePageDialog<Dialog>(announceMoneyChange);
  const username = useSession((s) => s.username);
  const def = useMemo<ResourcePageDef>(() => {
    const waiting = waitingFor(username);
    return pageOf(rechargeResource, {
      rowActions: [
        {
          key: 'check',
          label: ['复核入账', 'Check'],
          perm: 'customer:wallet:approve',
          visible: waiting,
          run: (row) => setDialog({ kind: 'check', row }),
        },
        rejectAction('customer:wallet:approve', waiting, (row) => setDialog({ kind: 'reject', row })),
      ],
    });
  }, [username, setDialog]);
  return (
    <>
      <ResourceListPage def={def} />
      {dialog?.kind === 'check' && <CheckDialog row={dialog.row} onClose={close} />}
      {dialog?.kind === 'reject' && (
        <ReviewRejectDialog review={RECHARGE_REJECT} row={dialog.row} onClose={close} />
      )}
    </>
  );
}
