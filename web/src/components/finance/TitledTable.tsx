// A small headed table inside a detail view (a payout's waybills and payments, a waybill's adjustments): all
// rows at once, scrolling sideways when the columns do not fit.
import { type TableProps, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { CompactTable } from '../common/CompactTable';

interface Props<T> extends TableProps<T> {
  heading: ReactNode;
  headingStyle?: CSSProperties;
}

export function TitledTable<T extends object>({ heading, headingStyle, ...table }: Props<T>) {
  return (
    <>
      <Typography.Title level={5} style={headingStyle}>
        {heading}
      </Typography.Title>
      <CompactTable<T> {...table} />
    </>
  );
}
