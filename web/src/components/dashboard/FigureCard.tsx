// A card of a dashboard's row of headline figures, in its grid column: borderless, its figure set large
// (the stat-card style).
import { Card, type CardProps, Col, type ColProps } from 'antd';

interface Props extends Omit<CardProps, 'variant' | 'className'> {
  col: ColProps;
  'data-testid'?: string;
}

export function FigureCard({ col, ...card }: Props) {
  return (
    <Col {...col}>
      <Card variant="borderless" className="stat-card" {...card} />
    </Col>
  );
}
