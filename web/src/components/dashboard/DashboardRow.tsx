// The dashboards' row of a main panel (usually a chart) beside a narrower aside, full width each on
// screens narrower than the `stackBelow` breakpoint.
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  main: ReactNode;
  aside: ReactNode;
  stackBelow?: 'lg' | 'xl';
}

export function DashboardRow({ main, aside, stackBelow = 'xl' }: Props) {
  return (
    <Row gutter={[16, 16]} className="mt16">
      <Col xs={24} {...{ [stackBelow]: 14 }}>
        {main}
      </Col>
      <Col xs={24} {...{ [stackBelow]: 10 }}>
        {aside}
      </Col>
    </Row>
  );
}
