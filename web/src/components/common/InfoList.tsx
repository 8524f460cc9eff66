// Labelled values one under the other in a small bordered list (a record's facts above a dialog's form, a
// monitoring panel's figures).
import { Descriptions } from 'antd';
import type { ReactNode } from 'react';

export function InfoList({ items }: { items: ReadonlyArray<readonly [label: ReactNode, value: ReactNode]> }) {
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={items.map(([label, children], i) => ({ key: i, label, children }))}
    />
  );
}
