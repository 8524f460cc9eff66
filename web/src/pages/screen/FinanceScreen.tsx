// 财务大屏 (/screen/finance): the month's freight and fees, today's bank payments, the wallets' float, the
// invoices issued this month and a 30-day trend; one panel rotates between the fee split and the payments;
// refreshed every 30 s.
import { Suspense } from 'react';
import { yuan } from '../../components/finance/money';
import { useBilingual } from '../../components/resource/text';
import { statisticsApi } from '../../services/statisticsApi';
import {
  DARK_AXIS,
  RotatingTitle,
  ScreenChart,
  ScreenFigures,
  ScreenFrame,
  ScreenLoading,
  ScreenPanel,
  ScreenRanking,
  ScreenStatus,
  useRotation,
} from './components/ScreenFrame';
import { useScreenFigures } from './components/useScreenPush';

export default function FinanceScreen() {
  const tx = useBilingual();
  const screen = useScreenFigures('finance', statisticsApi.financeScreen);
  const data = screen.data;
  const rotation = useRotation(2, 10_000);
  const yuanUnit = tx(['元', '¥']);
  const freight = tx(['运费', 'Freight']);
  const service = tx(['服务费', 'Service fee']);
  const paid = tx(['已付款', 'Paid out']);

  const status = <ScreenStatus figures={screen} />;

  return (
    <ScreenFrame
      title={tx(['网络货运财务大屏', 'Freight finance screen'])}
      testId="screen-finance"
      status={status}
    >
      <div style={{ display: 'grid', gridTemplateRows: 'auto 1fr', gap: 20, height: '100%', minHeight: 0 }}>
        <ScreenPanel title={tx(['资金概况', 'Overview'])} testId="screen-finance-figures">
          <ScreenFigures
            style={{ display: 'grid', gridTemplateColumns: 'repeat(6, 1fr)', gap: 14 }}
            figures={[
              {
                label: ['本月运费', 'Freight this month'],
                value: data && yuan(data.month.freightFen),
                unit: yuanUnit,
              },
              {
                label: ['本月服务费', 'Service fee this month'],
                value: data && yuan(data.month.serviceFeeFen),
                unit: yuanUnit,
              },
              { label: ['今日付款笔数', 'Payments today'], value: data?.paymentsToday.count },
              {
                label: ['今日付款金额', 'Paid today'],
                value: data && yuan(data.paymentsToday.amountFen),
                unit: yuanUnit,
              },
              {
                label: ['钱包沉淀资金', 'Wallet float'],
                value: data && yuan(data.walletFloatFen),
                unit: yuanUnit,
              },
              {
                label: ['本月开票', 'Invoiced this month'],
                value: data && `${data.invoicesMonth.count} / ${yuan(data.invoicesMonth.amountFen)}`,
              },
            ]}
          />
        </ScreenPanel>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 620px', gap: 20, minHeight: 0 }}>
          <ScreenPanel
            title={tx(['近30天运费与付款', 'Freight and payments, 30 days'])}
            testId="screen-finance-trend"
          >
            {!data ? (
              <ScreenLoading />
            ) : (
              <Suspense fallback={null}>
                <ScreenChart
                  height={700}
                  label={tx(['近30天运费与付款', 'Freight and payments, 30 days'])}
                  option={{
                    tooltip: { trigger: 'axis' },
                    legend: {
                      data: [freight, service, paid],
                      top: 0,
                      textStyle: { color: '#dbe8ff', fontSize: 16 },
                    },
                    grid: { left: 90, right: 24, top: 48, bottom: 36 },
                    xAxis: { type: 'category', data: data.daily.map((d) => d.day.slice(5)), ...DARK_AXIS },
                    yAxis: { type: 'value', ...DARK_AXIS },
                    series: [
                      {
                        name: freight,
                        type: 'bar',
                        barMaxWidth: 22,
                        itemStyle: { color: '#1677ff' },
                        data: data.daily.map((d) => d.freightFen / 100),
                      },
                      {
                        name: service,
                        type: 'line',
                        smooth: true,
                        itemStyle: { color: '#4fd1ff' },
                        data: data.daily.map((d) => d.serviceFeeFen / 100),
                      },
                      {
                        name: paid,
                        type: 'line',
                        smooth: true,
                        itemStyle: { color: '#ffb84d' },
                        data: data.daily.map((d) => d.paidFen / 100),
                      },
                    ],
                  }}
                />
              </Suspense>
            )}
          </ScreenPanel>
          <ScreenPanel
            testId="screen-finance-rotating"
            title={
              <RotatingTitle
                rotation={rotation}
                titles={[tx(['本月费用构成', 'Fees this month']), tx(['近7天付款', 'Paid, 7 days'])]}
              />
            }
          >
            {!data ? (
              <ScreenLoading />
            ) : (
              <ScreenRanking
                rows={
                  rotation === 0
                    ? (
                        [
                          [['运费（货主应付）', 'Freight (shippers)'], data.month.freightFen],
                          [['司机运费', 'Driver freight'], data.month.driverFeeFen],
                          [['平台服务费', 'Service fee'], data.month.serviceFeeFen],
                          [['经纪人费', 'Agent fee'], data.month.agentFeeFen],
                        ] as const
                      ).map(([label, fen]) => ({
                        key: label[0],
                        name: tx(label),
                        value: `${yuan(fen)} ${yuanUnit}`,
                      }))
                    : data.daily
                        .slice(-7)
                        .map((d) => ({ key: d.day, name: d.day, value: `${yuan(d.paidFen)} ${yuanUnit}` }))
                }
              />
            )}
          </ScreenPanel>
        </div>
      </div>
    </ScreenFrame>
  );
}
