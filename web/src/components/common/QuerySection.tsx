// A detail view's titled section over what one query reads: a spinner while it loads, a note when it
// found nothing, else the rows as the caller shows them.
import { Empty, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A section heading inside a detail drawer. */
export function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography.Title level={5} style={{ marginTop: 24 }}>
      {children}
    </Typography.Title>
  );
}

export function QuerySection<T>({
  title,
  query,
  empty,
  children,
}: {
  title: ReactNode;
  query: { isLoading: boolean; data?: T[] };
  /** What the empty section says (antd's default without it). */
  empty?: ReactNode;
  children: (rows: T[]) => ReactNode;
}) {
  const rows = query.data ?? [];
  return (
    <>
      <SectionTitle>{title}</SectionTitle>
      {query.isLoading ? <Spin /> : rows.length === 0 ? <Empty description={empty} /> : children(rows)}
    </>
  );
}
