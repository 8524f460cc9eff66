import { Card, Skeleton } from 'antd';

/** Loading state of a page while its chunk arrives. */
export function PageSkeleton() {
  return (
    <Card variant="borderless" role="status" aria-busy="true">
      <Skeleton active paragraph={{ rows: 8 }} />
    </Card>
  );
}
