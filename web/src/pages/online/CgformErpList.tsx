// The ERP list of a main online form (menu component `erp/OnlCgformErpList`, route
// `/online/cgformErpList/:code`): the master list on top, saving its sub rows with it; below, the selected
// master row's sub-tables in tabs, each the sub form's own list filtered by its foreign key.
import { Card, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { useBilingual } from '../../components/resource/text';
import type { ResourcePageDef } from '../../components/resource/types';
import {
  type CgformParts,
  CgformScreen,
  type CgformSub,
  useCgformCode,
  withSubRows,
} from './components/cgformParts';

type Row = Record<string, unknown>;

function ErpView({ def, columns, subDef }: CgformParts) {
  const tx = useBilingual();
  const [selected, setSelected] = useState<Row | null>(null);
  const selectedId = selected ? String(selected.id) : '';
  const master: ResourcePageDef = {
    ...withSubRows(def, columns),
    tableProps: {
      onRow: (row) => ({ onClick: () => setSelected(row), style: { cursor: 'pointer' } }),
      rowClassName: (row) => (String(row.id) === selectedId ? 'ant-table-row-selected' : ''),
    },
  };
  const tab = (sub: CgformSub) => {
    const own = subDef(sub);
    const def: ResourcePageDef = {
      ...own,
      fixedQuery: { [sub.key]: selectedId },
      addDefaults: { [sub.key]: selectedId },
      toBody: (values) => ({ ...values, [sub.key]: selectedId }),
    };
    return <ResourceListPage key={`${sub.code}-${selectedId}`} def={def} />;
  };
  return (
    <>
      <ResourceListPage key={columns.code} def={master} />
      <Card variant="borderless" style={{ marginTop: 16 }} data-testid="erp-subs">
        {selected ? (
          <Tabs
            items={columns.subs.map((sub) => ({ key: sub.code, label: sub.tableTxt, children: tab(sub) }))}
          />
        ) : (
          <Empty
            description={tx(['点击上方的一行，查看它的附表', 'Click a row above to see its sub-tables'])}
          />
        )}
      </Card>
    </>
  );
}

export default function CgformErpList() {
  const code = useCgformCode();
  return <CgformScreen code={code} build={(parts) => <ErpView {...parts} />} />;
}
