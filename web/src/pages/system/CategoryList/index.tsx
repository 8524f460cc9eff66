// 分类字典 (component `system/CategoryList`): the category tree (codes A01, A01A01 … generated from the
// parent's) beside the list of the chosen node's children, where they are added, edited and deleted.
import { ApartmentOutlined } from '@ant-design/icons';
import { categoryResource, type Page } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Spin, Tree, Typography } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { useCallback, useMemo, useState } from 'react';
import { ReloadIconButton } from '../../../components/common/ReloadIconButton';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

interface CategoryNode {
  id: string;
  pid: string;
  name: string;
  code: string;
  hasChild: string;
}

const ROOT = '0';
type Translate = ReturnType<typeof useBilingual>;

/** Tree nodes titled by name and code, in the punctuation of the console's language. */
const toTree = (rows: CategoryNode[], tx: Translate): DataNode[] =>
  rows.map((row) => ({
    key: row.id,
    title: tx([`${row.name}（${row.code}）`, `${row.name} (${row.code})`]),
    isLeaf: row.hasChild !== '1',
  }));

function withChildren(nodes: DataNode[], key: React.Key, children: DataNode[]): DataNode[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: withChildren(node.children, key, children) }
        : node,
  );
}

export default function CategoryList() {
  const tx = useBilingual();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<{ id: string; title: string }>({ id: ROOT, title: '' });
  const [tree, setTree] = useState<DataNode[] | null>(null);
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const roots = useQuery({
    // The titles are in the console's language: a switch loads them again.
    queryKey: ['categoryRoots', tx(['zh-CN', 'en-US'])],
    queryFn: async () => {
      const page = await api.get<Page<CategoryNode>>('/sys/category/rootList', { pageSize: 1000 });
      const nodes = toTree(page.records, tx);
      setTree(nodes);
      setExpanded([]);
      return nodes;
    },
  });
  const refreshTree = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['categoryRoots'] }),
    [queryClient],
  );

  const loadChildren = async (node: EventDataNode<DataNode>) => {
    const rows = await api.get<CategoryNode[]>('/sys/category/childList', { pid: node.key });
    setTree((current) => withChildren(current ?? [], node.key, toTree(rows, tx)));
  };

  const parentId = selected.id;
  const def = useMemo<ResourcePageDef>(
    () => ({
      ...pageOf(categoryResource),
      fixedQuery: { pid: parentId },
      formWidth: 560,
      onChanged: refreshTree,
      // New records go below the node chosen in the tree (the top level when none).
      toBody: (values, editing) => (editing ? values : { ...values, pid: parentId }),
      header: (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '12px 24px 0' }}
          data-testid="category-parent"
        >
          {parentId === ROOT
            ? tx(['当前：顶级分类', 'Showing: top level'])
            : `${tx(['当前上级：', 'Children of: '])}${selected.title}`}
        </Typography.Paragraph>
      ),
    }),
    [parentId, selected.title, tx, refreshTree],
  );

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7}>
        <Card
          size="small"
          title={
            <span>
              <ApartmentOutlined /> {tx(['分类树', 'Category tree'])}
            </span>
          }
          extra={<ReloadIconButton label={tx(['刷新', 'Reload'])} onClick={refreshTree} />}
        >
          <Button
            type={parentId === ROOT ? 'primary' : 'default'}
            size="small"
            block
            style={{ marginBottom: 8 }}
            onClick={() => setSelected({ id: ROOT, title: '' })}
          >
            {tx(['顶级分类', 'Top level'])}
          </Button>
          {roots.isLoading ? (
            <Spin />
          ) : (tree ?? []).length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={tx(['暂无分类', 'No categories'])} />
          ) : (
            <Tree
              treeData={tree ?? []}
              loadData={loadChildren}
              expandedKeys={expanded}
              onExpand={setExpanded}
              selectedKeys={parentId === ROOT ? [] : [parentId]}
              onSelect={(keys, info) =>
                setSelected(
                  keys.length
                    ? { id: String(keys[0]), title: String(info.node.title ?? '') }
                    : { id: ROOT, title: '' },
                )
              }
              data-testid="category-tree"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <ResourceListPage key={parentId} def={def} />
      </Col>
    </Row>
  );
}
