// The body of a dashboard card: a skeleton while the summary loads, an empty note when it has nothing to
// show, else the content. The content is a function so it reads the data only once it is there.
import { Empty, Skeleton } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  loading: boolean;
  empty: boolean;
  emptyText: string;
  /** Paragraph rows of the skeleton; antd's default when left out. */
  skeletonRows?: number;
  children: () => ReactNode;
}

export function PanelBody({ loading, empty, emptyText, skeletonRows, children }: Props) {
  if (loading) return <Skeleton active paragraph={skeletonRows ? { rows: skeletonRows } : undefined} />;
  if (empty) return <Empty description={emptyText} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return <>{children()}</>;
}
