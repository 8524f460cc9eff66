// The waybill's detail below its fields: the money breakdown (spec §5 fees '--' when hidden), the weighbridge
// and receipt photos, and the history timeline (who, when, from which state to which).
import { formatDateTime, formatFen, formatTonnes } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Grid, Image, Space, Spin, Timeline, Typography } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import { assetUrl } from '../../../services/assets';
import { api } from '../../../services/request';

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
};

const fen = (row: Row, key: string) => (row[key] === '--' ? '--' : formatFen(row[key] as number));
const t = (row: Row, key: string) =>
  row[key] === null || row[key] === undefined ? '--' : formatTonnes(row[key] as number);

/** `row` is the whole record (the drawer reads it by id): the lists send only the columns they show. */
export function NoteDetail({ row, canSeeHistory }: { row: Row; canSeeHistory: boolean }) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
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
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {tx(['运费明细', 'Money'])}
      </Typography.Title>
      <Descriptions bordered size="small" column={screens.md ? 3 : 1} data-testid="note-money">
        <Descriptions.Item label={tx(['司机运价', 'Driver price'])}>
          {fen(row, 'driverUnitPriceFen')}
          {Number(row.priceMode) === 2 ? tx([' /趟', ' /trip']) : tx([' /吨', ' /t'])}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['结算重量(吨)', 'Settle weight (t)'])}>
          {t(row, 'settleWeightG')}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['运费', 'Freight'])}>{fen(row, 'driverFreightFen')}</Descriptions.Item>
        <Descriptions.Item label={tx(['亏吨(吨)', 'Loss (t)'])}>{t(row, 'lossWeightG')}</Descriptions.Item>
        <Descriptions.Item label={tx(['允差', 'Allowance'])}>{allowance}</Descriptions.Item>
        <Descriptions.Item label={tx(['亏吨扣款', 'Loss deduction'])}>
          {fen(row, 'lossDeductionFen')}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['其他扣款', 'Other deductions'])}>
          {fen(row, 'otherDeductionFen')}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['司机运费', 'Driver fee'])}>{fen(row, 'driverFee')}</Descriptions.Item>
        <Descriptions.Item label={tx(['服务费', 'Service fee'])}>{fen(row, 'serviceFee')}</Descriptions.Item>
        <Descriptions.Item label={tx(['经纪人佣金', 'Agent fee'])}>{fen(row, 'agentFee')}</Descriptions.Item>
        <Descriptions.Item label={tx(['货主运费', 'Shipper fee'])}>
          {fen(row, 'customerFee')}
        </Descriptions.Item>
        <Descriptions.Item label={tx(['费用合计', 'Fee total'])}>{fen(row, 'feeTotal')}</Descriptions.Item>
        <Descriptions.Item label={tx(['油卡', 'Fuel card'])}>{fen(row, 'fuelCardFen')}</Descriptions.Item>
        <Descriptions.Item label="ETC">{fen(row, 'etcFen')}</Descriptions.Item>
        <Descriptions.Item label={tx(['预付', 'Prepay'])}>{fen(row, 'prepayFen')}</Descriptions.Item>
        <Descriptions.Item label={tx(['尾款', 'Final pay'])}>{fen(row, 'finalPayFen')}</Descriptions.Item>
      </Descriptions>
      {photos.some(([key]) => row[key]) && (
        <Space wrap style={{ marginTop: 16 }}>
          {photos
            .filter(([key]) => row[key])
            .map(([key, label]) => (
              <div key={key} style={{ textAlign: 'center' }}>
                <Image
                  src={assetUrl(String(row[key]))}
                  width={120}
                  height={90}
                  style={{ objectFit: 'cover' }}
                />
                <div>{tx(label)}</div>
              </div>
            ))}
        </Space>
      )}
      {canSeeHistory && (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {tx(['运单轨迹记录', 'History'])}
          </Typography.Title>
          {history.isLoading ? (
            <Spin />
          ) : (history.data ?? []).length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              items={(history.data ?? []).map((entry) => ({
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
        </>
      )}
    </>
  );
}
