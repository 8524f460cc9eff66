// A dashboard card whose body is a skeleton while the summary loads, an empty note when it has nothing to
// show (no rows), else the content made from the rows.
import { Card, type CardProps, Empty, List, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface Props<T> extends Omit<CardProps, 'children' | 'loading' | 'variant'> {
  loading: boolean;
  /** What the card lists; none or an empty list shows the empty note. */
  rows: T[] | null | undefined;
  emptyText: string;
  /** Paragraph rows of the skeleton; antd's default when left out. */
  skeletonRows?: number;
  children: (rows: T[]) => ReactNode;
  'data-testid'?: string;
}

export function PanelCard<T>({ loading, rows, emptyText, skeletonRows, children, ...card }: Props<T>) {
  return (
    <Card variant="borderless" {...card}>
      {loading ? (
        <Skeleton active paragraph={skeletonRows ? { rows: skeletonRows } : undefined} />
      ) : rows?.length ? (
        children(rows)
      ) : (
        <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

/** A PanelCard listing its rows compactly, one item per row keyed by the row's id. */
export function PanelList<T extends { id: string | number }>({
  renderRow,
  ...panel
}: Omit<Props<T>, 'children'> & { renderRow: (row: T) => ReactNode }) {
  return (
    <PanelCard<T> {...panel}>
      {(rows) => (
        <List
          size="small"
          dataSource={rows}
          renderItem={(row) => <List.Item key={row.id}>{renderRow(row)}</List.Item>}
        />
      )}
    </PanelCard>
  );
}
