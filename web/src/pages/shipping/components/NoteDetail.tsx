// The waybill's detail below its fields: the money breakdown (fees '--' when hidden), the weighbridge
// and receipt photos, the carrier contract (download, verify), and the history timeline (who, when, from which
// state to which).
import { formatDateTime, formatFen, formatTonnes, noteResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Grid, Space, Timeline, Typography } from 'antd';
import { QuerySection, SectionTitle } from '../../../components/common/QuerySection';
import { NoteEtcTotal } from '../../../components/finance/NoteEtcTotal';
import { NoteMoneyTrail } from '../../../components/finance/NoteMoneyTrail';
import { useBilingual } from '../../../components/resource/text';
import { SignedImage } from '../../../components/upload';
import { api } from '../../../services/request';
import { NoteContractSection } from './contractActions';
import { useNoteAmounts } from './noteMoney';
import { useHasCode } from './useHasCode';

type Row = Record<string, unknown>;

interface HistoryEntry {
  id: string;
  action: string;
  fromStatus: number | null;
  toStatus: number;
  fromStatus_dictText: string;
  toStatus_dictText: string;
  operator: string;
  remark: string | null;
  data: Record<string, unknown> | null;
  createTime: string;
}

const ACTION_TEXT: Record<string, readonly [string, string]> = {
  dispatch: ['派单', 'Dispatched'],
  accept: ['接单', 'Accepted'],
  refuse: ['拒单', 'Refused'],
  cancel: ['取消', 'Cancelled'],
  load: ['装货', 'Loaded'],
  depart: ['发车', 'Departed'],
  unload: ['卸货', 'Unloaded'],
  sign: ['签收', 'Signed'],
  audit: ['审核', 'Audited'],
  void: ['作废', 'Voided'],
  correct: ['修正重量', 'Weights corrected'],
  adjustSubmit: ['调账申请', 'Adjustment applied for'],
  adjust: ['调账入账', 'Adjustment posted'],
  adjustReject: ['调账驳回', 'Adjustment rejected'],
  prepaid: ['预付', 'Prepaid'],
  advanced: ['垫付', 'Advanced'],
  paid: ['支付', 'Paid'],
  payFail: ['支付失败', 'Payment failed'],
  settle: ['结算', 'Settled'],
  complete: ['完成', 'Completed'],
};

const fen = (row: Row, key: string) => (row[key] === '--' ? '--' : formatFen(row[key] as number));

/** `row` is the whole record (the drawer reads it by id): the lists send only the columns they show. */
export function NoteDetail({ row, canSeeHistory }: { row: Row; canSeeHistory: boolean }) {
  const tx = useBilingual();
  const amounts = useNoteAmounts(row);
  const screens = Grid.useBreakpoint();
  const canSeeContract = useHasCode('shipping:contract:list');
  const history = useQuery({
    queryKey: ['noteHistory', row.id],
    queryFn: () => api.get<HistoryEntry[]>('/shipping/hyShippingNote/history', { id: row.id }),
    enabled: canSeeHistory,
  });
  const allowance =
    Number(row.lossAllowanceMode) === 2
      ? `${row.lossAllowanceValue} ‰`
      : `${Number(row.lossAllowanceValue ?? 0) / 1000} kg`;
  const photos = [
    ['loadPhoto', ['装货磅单', 'Loading slip']],
    ['unloadPhoto', ['卸货磅单', 'Unloading slip']],
    ['receiptPhoto', ['回单', 'Receipt']],
  ] as const;
  return (
    <>
      <SectionTitle>{tx(['运费明细', 'Money'])}</SectionTitle>
      <Descriptions bordered size="small" column={screens.md ? 3 : 1} data-testid="note-money">
        <Descriptions.Item label={tx(noteResource.fields.driverUnitPriceFen.label)}>
          {fen(row, 'driverUnitPriceFen')}
          {Number(row.priceMode) === 2 ? tx([' /趟', ' /trip']) : tx([' /吨', ' /t'])}
        </Descriptions.Item>
        {amounts(['settleWeightG'])}
        <Descriptions.Item label={tx(['运费', 'Freight'])}>{fen(row, 'driverFreightFen')}</Descriptions.Item>
        {amounts(['lossWeightG'])}
        <Descriptions.Item label={tx(['允差', 'Allowance'])}>{allowance}</Descriptions.Item>
        {amounts(['lossDeductionFen'])}
        <Descriptions.Item label={tx(['其他扣款', 'Other deductions'])}>
          {fen(row, 'otherDeductionFen')}
        </Descriptions.Item>
        {amounts([
          'driverFee',
          'serviceFee',
          'agentFee',
          'customerFee',
          'feeTotal',
          'fuelCardFen',
          'etcFen',
          'prepayFen',
          'finalPayFen',
        ])}
      </Descriptions>
      {photos.some(([key]) => row[key]) && (
        <Space wrap style={{ marginTop: 16 }}>
          {photos
            .filter(([key]) => row[key])
            .map(([key, label]) => (
              <div key={key} style={{ textAlign: 'center' }}>
                <SignedImage path={String(row[key])} width={120} height={90} style={{ objectFit: 'cover' }} />
                <div>{tx(label)}</div>
              </div>
            ))}
        </Space>
      )}
      <NoteEtcTotal noteId={String(row.id)} noteNumber={String(row.shippingNoteNumber ?? '')} />
      <NoteMoneyTrail noteId={String(row.id)} />
      {canSeeContract && Number(row.status) !== 0 && <NoteContractSection noteId={String(row.id)} />}
      {canSeeHistory && (
        <QuerySection title={tx(['运单轨迹记录', 'History'])} query={history}>
          {(rows) => (
            <Timeline
              items={rows.map((entry) => ({
                color: entry.toStatus < 0 ? 'red' : entry.action === 'audit' ? 'green' : 'blue',
                children: (
                  <div data-testid="note-history-entry">
                    <div>
                      <Typography.Text strong>
                        {tx(ACTION_TEXT[entry.action] ?? entry.action)}
                      </Typography.Text>{' '}
                      {entry.fromStatus_dictText ? `${entry.fromStatus_dictText} → ` : ''}
                      {entry.toStatus_dictText}
                    </div>
                    <Typography.Text type="secondary">
                      {entry.operator} · {formatDateTime(entry.createTime)}
                    </Typography.Text>
                    {entry.remark && <div>{entry.remark}</div>}
                    {entry.data?.loadWeightG !== undefined && (
                      <div>
                        {tx(['装货重量', 'Loaded'])} {formatTonnes(entry.data.loadWeightG as number)}{' '}
                        {tx(['吨', 't'])}
                      </div>
                    )}
                    {entry.data?.unloadWeightG !== undefined && (
                      <div>
                        {tx(['卸货重量', 'Unloaded'])} {formatTonnes(entry.data.unloadWeightG as number)}{' '}
                        {tx(['吨', 't'])}
                      </div>
                    )}
                  </div>
                ),
              }))}
            />
          )}
        </QuerySection>
      )}
    </>
  );
}
