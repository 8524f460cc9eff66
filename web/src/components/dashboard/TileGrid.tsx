// A row of dashboard figures, each opening the list behind it (pending counts, todos, regulator reports).
import { Col, type ColProps, Row, type RowProps } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { StatTile } from './StatTile';

export interface Tile {
  key: string;
  title: ReactNode;
  value: number;
  /** The list the figure opens. */
  to: string;
  valueStyle?: CSSProperties;
}

export function TileGrid({
  tiles,
  col,
  gutter = [16, 16],
  testIdPrefix,
  loading,
}: {
  tiles: Tile[];
  col: ColProps;
  gutter?: RowProps['gutter'];
  /** Each tile's test id is this prefix and the tile's key. */
  testIdPrefix: string;
  loading?: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Row gutter={gutter}>
      {tiles.map((tile) => (
        <Col key={tile.key} {...col}>
          <StatTile
            onOpen={() => navigate(tile.to)}
            data-testid={`${testIdPrefix}-${tile.key}`}
            title={tile.title}
            value={tile.value}
            loading={loading}
            valueStyle={tile.valueStyle}
          />
        </Col>
      ))}
    </Row>
  );
}
