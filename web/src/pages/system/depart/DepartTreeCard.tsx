// The department tree beside a list (address list, users of a department): pick one to filter by it. The
// department screen searches on the server (reference searchBy) and checks several departments for batch
// actions.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Grid, Input, Spin, Tag, Tree } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';
import { type DepartOption, useDepartOptions } from './departTree';

function filter(nodes: DepartOption[], word: string): DepartOption[] {
  if (!word) return nodes;
  return nodes.flatMap((n) => {
    const children = filter(n.children ?? [], word);
    return n.title.includes(word) || children.length ? [{ ...n, children }] : [];
  });
}

/** Departments whose name holds `word`, from the server (flat, in org code order). */
function useDepartSearch(word: string, enabled: boolean) {
  return useQuery({
    queryKey: ['sys', 'depart', 'searchBy', word],
    queryFn: () => api.get<DepartOption[]>('/sys/sysDepart/searchBy', { keyWord: word }),
    enabled: enabled && word.length > 0,
    staleTime: 5_000,
  });
}

export function DepartTreeCard({
  selected,
  onSelect,
  extra,
  toolbar,
  remoteSearch = false,
  checked,
  onCheck,
}: {
  selected: DepartOption | null;
  onSelect: (depart: DepartOption | null) => void;
  /** Buttons in the card's header (the department screen's add and delete). */
  extra?: ReactNode;
  /** A row of buttons above the search box (export, import, batch delete). */
  toolbar?: ReactNode;
  /** Search through `/sys/sysDepart/searchBy` (needs system:depart:list) rather than in the loaded tree. */
  remoteSearch?: boolean;
  /** Checked departments (each on its own) when given: the tree shows check boxes. */
  checked?: string[];
  onCheck?: (keys: string[]) => void;
}) {
  const tx = useBilingual();
  const screens = Grid.useBreakpoint();
  const departs = useDepartOptions();
  const [word, setWord] = useState('');
  const term = word.trim();
  const found = useDepartSearch(term, remoteSearch);
  const shown = useMemo(
    () =>
      remoteSearch && term
        ? (found.data ?? []).map((d) => ({
            key: d.key,
            value: d.value,
            title: d.title,
            orgCode: d.orgCode,
            isLeaf: true,
          }))
        : filter(departs.data ?? [], term),
    [departs.data, found.data, remoteSearch, term],
  );
  const loading = remoteSearch && term ? found.isLoading : departs.isLoading;
  const searching = remoteSearch && Boolean(term);
  return (
    <Card
      size="small"
      title={tx(['组织机构', 'Organisation'])}
      extra={extra}
      styles={{ body: { padding: 12 } }}
    >
      {toolbar && <div style={{ marginBottom: 8 }}>{toolbar}</div>}
      <Input.Search
        allowClear
        placeholder={tx(['搜索部门', 'Search departments'])}
        onSearch={setWord}
        onChange={(e) => !e.target.value && setWord('')}
        loading={searching && found.isFetching}
        style={{ marginBottom: 8 }}
        data-testid="depart-search"
      />
      {loading ? (
        <Spin />
      ) : shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree<DepartOption>
          // The search answer is a flat list: a tree of its own, so the full tree's expansion is kept.
          key={searching ? 'found' : 'tree'}
          blockNode
          defaultExpandAll
          treeData={shown}
          titleRender={(node) =>
            searching ? (
              <span>
                {node.title}{' '}
                <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
                  {node.orgCode}
                </Tag>
              </span>
            ) : (
              node.title
            )
          }
          selectedKeys={selected ? [selected.key] : []}
          onSelect={(_keys, info) => onSelect(info.selected ? info.node : null)}
          checkable={Boolean(onCheck)}
          checkStrictly
          checkedKeys={checked ?? []}
          onCheck={(keys) => onCheck?.((Array.isArray(keys) ? keys : keys.checked).map(String))}
          style={{ maxHeight: screens.md ? '70vh' : 220, overflow: 'auto' }}
          data-testid={searching ? 'depart-search-results' : 'depart-tree'}
        />
      )}
    </Card>
  );
}
