// 平台费用: service-fee income and agents' fees, line by line, by customer, waybill and period,
// with the totals of the same filters above the list (GET /plateform/cost/totals).
import { costResource } from '@freight/contracts';
import { Card, Col, Row, Statistic } from 'antd';
import { useEffect, useState } from 'react';
import { yuan } from '../../../components/finance/money';
import { useCustomerOptions } from '../../../components/finance/useCustomerOptions';
import { ResourceListPage, useResourcePage } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

interface Totals {
  serviceFeeFen: number;
  agentFeeFen: number;
  totalFen: number;
  lines: number;
}

export default function CostList() {
  const tx = useBilingual();
  const customers = useCustomerOptions();
  const [query, setQuery] = useState<Record<string, unknown> | null>(null);
  const [totals, setTotals] = useState<Totals | null>(null);
  useEffect(() => {
    if (!query) return;
    let live = true;
    const { pageNo: _p, pageSize: _s, column: _c, order: _o, ...filters } = query;
    api
      .get<Totals>('/plateform/cost/totals', filters)
      .then((t) => live && setTotals(t))
      .catch(() => live && setTotals(null));
    return () => {
      live = false;
    };
  }, [query]);
  const def = useResourcePage(costResource, [customers], () => ({
    fields: {
      customerId: { options: customers, search: customers.length > 0 },
    },
    onQuery: (q) => setQuery((current) => (JSON.stringify(current) === JSON.stringify(q) ? current : q)),
  }));
  const cards = [
    { key: 'service', title: tx(['服务费收入', 'Service fees']), fen: totals?.serviceFeeFen },
    { key: 'agent', title: tx(['经纪人佣金', 'Agent fees']), fen: totals?.agentFeeFen },
    { key: 'total', title: tx(['合计', 'Total']), fen: totals?.totalFen },
  ];
  const header = (
    <Row gutter={[12, 12]} style={{ padding: '16px 16px 0' }} data-testid="cost-totals">
      {cards.map((c) => (
        <Col key={c.key} xs={12} md={6}>
          <Card size="small">
            <Statistic title={c.title} prefix="¥" value={totals ? yuan(c.fen ?? 0) : '--'} />
          </Card>
        </Col>
      ))}
      <Col xs={12} md={6}>
        <Card size="small">
          <Statistic title={tx(['笔数', 'Lines'])} value={totals?.lines ?? '--'} />
        </Card>
      </Col>
    </Row>
  );
  return <ResourceListPage def={{ ...def, header }} />;
}
