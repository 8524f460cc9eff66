// The department tree beside a list (address list, users of a department): pick one to filter by it.
import { Card, Empty, Grid, Input, Spin, Tree } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { type DepartOption, useDepartOptions } from './departTree';

function filter(nodes: DepartOption[], word: string): DepartOption[] {
  if (!word) return nodes;
  return nodes.flatMap((n) => {
    const children = filter(n.children ?? [], word);
    return n.title.includes(word) || children.length ? [{ ...n, children }] : [];
  });
}

export function DepartTreeCard({
  selected,
  onSelect,
  extra,
}: {
  selected: DepartOption | null;
  onSelect: (depart: DepartOption | null) => void;
  /** Buttons in the card's header (the department screen's add and delete). */
  extra?: ReactNode;
}) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const departs = useDepartOptions();
  const [word, setWord] = useState('');
  const shown = useMemo(() => filter(departs.data ?? [], word.trim()), [departs.data, word]);
  return (
    <Card
      size="small"
      title={tx(['组织机构', 'Organisation'])}
      extra={extra}
      styles={{ body: { padding: 12 } }}
    >
      <Input.Search
        allowClear
        placeholder={tx(['搜索部门', 'Search departments'])}
        onSearch={setWord}
        onChange={(e) => !e.target.value && setWord('')}
        style={{ marginBottom: 8 }}
      />
      {departs.isLoading ? (
        <Spin />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree<DepartOption>
          blockNode
          defaultExpandAll
          treeData={shown}
          selectedKeys={selected ? [selected.key] : []}
          onSelect={(_keys, info) => onSelect(info.selected ? info.node : null)}
          style={{ maxHeight: screens.md ? '70vh' : 220, overflow: 'auto' }}
          data-testid="depart-tree"
        />
      )}
    </Card>
  );
}
