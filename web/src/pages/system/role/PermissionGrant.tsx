// Permission assignment on the menu tree (roles, departments, department roles), with the data rules of a
// granted menu. Checking an entry checks the menus above it (a menu needs its group to show); unchecking an
// entry unchecks everything below it. What is saved is exactly what is checked.
import { FilterOutlined, SafetyOutlined } from '@ant-design/icons';
import { App, Button, Card, Checkbox, Empty, Flex, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useBusyAction } from '../../../components/common/useBusyAction';
import { useBilingual } from '../../../components/resource/text';
import { errorText } from '../../../services/request';
import { checkState, toggleGrant } from './grantTree';

export interface PermissionNode {
  key: string;
  title: string;
  titleEn?: string;
  menuType: number;
  ruleFlag: number;
  perms?: string | null;
  children?: PermissionNode[];
}

export interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

export interface GrantSource {
  loadTree: () => Promise<{ treeList: PermissionNode[] }>;
  loadGranted: () => Promise<string[]>;
  save: (permissionIds: string[], lastPermissionIds: string[]) => Promise<void>;
  dataRules?: {
    load: (permissionId: string) => Promise<{ datarule: DataRule[]; drChecked: string }>;
    save: (permissionId: string, ruleIds: string[]) => Promise<void>;
  };
}

function walk(
  nodes: PermissionNode[],
  parent: string | null,
  visit: (n: PermissionNode, p: string | null) => void,
) {
  for (const n of nodes) {
    visit(n, parent);
    walk(n.children ?? [], n.key, visit);
  }
}

/** The tree limited to entries whose title holds `word`, with the menus above them. */
function filterTree(nodes: PermissionNode[], word: string): PermissionNode[] {
  if (!word) return nodes;
  return nodes.flatMap((n) => {
    const children = filterTree(n.children ?? [], word);
    const named = n.title.includes(word) || (n.titleEn ?? '').toLowerCase().includes(word.toLowerCase());
    if (named || (n.perms ?? '').includes(word) || children.length)
      return [{ ...n, children: named ? n.children : children }];
    return [];
  });
}

export function PermissionGrant({
  source,
  canSave,
  extra,
}: {
  source: GrantSource;
  canSave: boolean;
  extra?: ReactNode;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [tree, setTree] = useState<PermissionNode[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [word, setWord] = useState('');
  const [loading, setLoading] = useState(true);
  const { busy: saving, run: runSaving } = useBusyAction();
  const [selected, setSelected] = useState<PermissionNode | null>(null);

  const { parentOf, childrenOf, allKeys } = useMemo(() => {
    const parentOf = new Map<string, string | null>();
    const childrenOf = new Map<string, string[]>();
    const allKeys: string[] = [];
    walk(tree, null, (n, p) => {
      parentOf.set(n.key, p);
      childrenOf.set(
        n.key,
        (n.children ?? []).map((c) => c.key),
      );
      allKeys.push(n.key);
    });
    return { parentOf, childrenOf, allKeys };
  }, [tree]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    Promise.all([source.loadTree(), source.loadGranted()])
      .then(([t, granted]) => {
        if (!live) return;
        setTree(t.treeList);
        setChecked(granted);
        setLast(granted);
        setExpanded(t.treeList.map((n) => n.key));
      })
      .catch((error) => message.error(errorText(error)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [source, message]);

  function toggle(key: string, on: boolean) {
    setChecked(toggleGrant({ parentOf, childrenOf }, checked, key, on));
  }

  async function save() {
    await runSaving(async () => {
      await source.save(checked, last);
      setLast(checked);
      message.success(tx(['保存成功', 'Saved']));
    });
  }

  const toData = (nodes: PermissionNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.key,
      title: (
        <Space size={4}>
          <span>{tx([n.title, n.titleEn ?? n.title])}</span>
          {n.menuType === 2 && n.perms && (
            <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
              {n.perms}
            </Tag>
          )}
          {n.ruleFlag === 1 && <FilterOutlined title={tx(['有数据规则', 'Has data rules'])} />}
        </Space>
      ),
      children: n.children ? toData(n.children) : undefined,
    }));
  const shown = useMemo(() => filterTree(tree, word.trim()), [tree, word]);
  const nodeOf = (key: string) => {
    let found: PermissionNode | null = null;
    walk(tree, null, (n) => {
      if (n.key === key) found = n;
    });
    return found as PermissionNode | null;
  };

  if (loading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <Flex gap={16} wrap align="flex-start" data-testid="permission-grant">
      <div style={{ flex: '1 1 320px', minWidth: 0 }}>
        <Space wrap style={{ marginBottom: 8 }}>
          <Input.Search
            allowClear
            placeholder={tx(['搜索菜单或授权标识', 'Search menus or codes'])}
            onSearch={setWord}
            onChange={(e) => !e.target.value && setWord('')}
            style={{ width: 220 }}
          />
          <Button size="small" onClick={() => setExpanded(allKeys)}>
            {tx(['展开全部', 'Expand all'])}
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            {tx(['折叠全部', 'Collapse all'])}
          </Button>
          <Button size="small" onClick={() => setChecked(allKeys)} disabled={!canSave}>
            {tx(['全部勾选', 'Check all'])}
          </Button>
          <Button size="small" onClick={() => setChecked([])} disabled={!canSave}>
            {tx(['取消全部', 'Uncheck all'])}
          </Button>
        </Space>
        {tree.length === 0 ? (
          <Empty description={tx(['没有可分配的菜单', 'No menus to assign'])} />
        ) : (
          <Tree
            checkable
            checkStrictly
            blockNode
            disabled={!canSave}
            treeData={toData(shown)}
            checkedKeys={checkState({ parentOf, childrenOf }, checked)}
            expandedKeys={word ? allKeys : expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            onCheck={(_keys, info) => toggle(String(info.node.key), info.checked)}
            onSelect={(keys) => setSelected(keys[0] ? nodeOf(String(keys[0])) : null)}
            style={{ maxHeight: '60vh', overflow: 'auto' }}
          />
        )}
        <Space style={{ marginTop: 12 }}>
          {canSave && (
            <Button type="primary" loading={saving} onClick={() => void save()} data-testid="grant-save">
              {tx(['保存授权', 'Save permissions'])}
            </Button>
          )}
          {extra}
        </Space>
      </div>
      {source.dataRules && (
        <Card
          size="small"
          style={{ flex: '1 1 260px', minWidth: 0 }}
          title={
            <Space>
              <SafetyOutlined />
              {tx(['数据规则', 'Data rules'])}
              {selected && (
                <Typography.Text type="secondary">
                  {tx([selected.title, selected.titleEn ?? selected.title])}
                </Typography.Text>
              )}
            </Space>
          }
        >
          <RulePicker
            key={selected?.key ?? 'none'}
            node={selected}
            granted={Boolean(selected && last.includes(selected.key))}
            rules={source.dataRules}
            canSave={canSave}
          />
        </Card>
      )}
    </Flex>
  );
}

function RulePicker({
  node,
  granted,
  rules,
  canSave,
}: {
  node: PermissionNode | null;
  granted: boolean;
  rules: NonNullable<GrantSource['dataRules']>;
  canSave: boolean;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [list, setList] = useState<DataRule[] | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const { busy: saving, run: runSaving } = useBusyAction();
  useEffect(() => {
    if (node?.ruleFlag !== 1) return;
    rules
      .load(node.key)
      .then((r) => {
        setList(r.datarule);
        setPicked(r.drChecked.split(',').filter(Boolean));
      })
      .catch((error) => message.error(errorText(error)));
  }, [node, rules, message]);

  if (!node)
    return (
      <Typography.Text type="secondary">
        {tx(['点击左侧菜单查看其数据规则', 'Click a menu to see its data rules'])}
      </Typography.Text>
    );
  if (node.ruleFlag !== 1)
    return (
      <Typography.Text type="secondary">
        {tx(['该菜单没有数据规则', 'This menu has no data rules'])}
      </Typography.Text>
    );
  if (!granted)
    return (
      <Typography.Text type="secondary">
        {tx([
          '请先勾选并保存该菜单，再设置数据规则',
          'Check and save the menu first, then pick its data rules',
        ])}
      </Typography.Text>
    );
  if (!list) return <Spin />;
  if (list.length === 0)
    return <Empty description={tx(['没有可分配的数据规则', 'No data rules to assign'])} />;
  return (
    <>
      <Checkbox.Group
        value={picked}
        onChange={(values) => setPicked(values.map(String))}
        disabled={!canSave}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      >
        {list.map((rule) => (
          <Checkbox key={rule.id} value={rule.id} data-testid={`data-rule-${rule.ruleName}`}>
            {rule.ruleName}{' '}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {rule.ruleColumn} {rule.ruleConditions} {rule.ruleValue}
            </Typography.Text>
          </Checkbox>
        ))}
      </Checkbox.Group>
      {canSave && (
        <Button
          style={{ marginTop: 12 }}
          loading={saving}
          data-testid="data-rule-save"
          onClick={async () => {
            await runSaving(async () => {
              await rules.save(node.key, picked);
              message.success(tx(['数据规则已保存', 'Data rules saved']));
            });
          }}
        >
          {tx(['保存数据规则', 'Save data rules'])}
        </Button>
      )}
    </>
  );
}
