// 菜单管理 (component `system/PermissionList`): the tree of menus, sub-menus and buttons with every field of the
// menu item, added and edited in a drawer, a child added below a row, delete with confirmation
// (refused while children remain) and the data rules of each menu.
import { ProFormDependency, ProFormRadio, ProFormText } from '@ant-design/pro-components';
import { menuBody } from '@freight/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Tag } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../components/common/MenuIcon';
import {
  type FormItemContext,
  type ResourceField,
  ResourceListPage,
  type ResourcePageDef,
} from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import { activeStatusField } from './components/activeStatusField';
import { DataRuleDrawer } from './components/DataRuleDrawer';
import { MENU_TREE_KEY, MenuParentSelect } from './components/MenuParentSelect';

type Row = Record<string, unknown>;
type Tx = ReturnType<typeof useBilingual>;

const TOP = 0;
const SUB = 1;
const BUTTON = 2;
const MENU_TYPES = [
  { value: String(TOP), label: ['一级菜单', 'Top menu'] as const, colour: 'blue' },
  { value: String(SUB), label: ['子菜单', 'Sub-menu'] as const, colour: 'green' },
  { value: String(BUTTON), label: ['按钮/权限', 'Button'] as const, colour: 'orange' },
];
const ROUTE_VIEW = 'layouts/RouteView';

/** Shows a form control only for the menu types it applies to (e.g. a path for menus, a code for buttons). */
function ForTypes({ types, children }: { types: number[]; children: ReactNode }) {
  return (
    <ProFormDependency name={['menuType']}>
      {({ menuType }) => (types.includes(Number(menuType ?? SUB)) ? children : null)}
    </ProFormDependency>
  );
}

/** A text control shown for `types` only, required there when `required`. */
function typedText(types: number[], required: boolean, tx: Tx, placeholder?: string) {
  return (ctx: FormItemContext) => (
    <ForTypes types={types}>
      <ProFormText
        name={ctx.name}
        label={ctx.label}
        disabled={ctx.disabled}
        colProps={ctx.colProps}
        placeholder={placeholder}
        rules={[
          ...ctx.rules,
          ...(required
            ? [{ required: true, message: `${tx(['请输入', 'Please enter '])}${ctx.label}` }]
            : []),
        ]}
      />
    </ForTypes>
  );
}

/** A yes/no switch shown for menus (not buttons). */
const menuSwitch = (tx: Tx, name: string, label: readonly [string, string]): ResourceField => ({
  name,
  label,
  kind: 'switch',
  list: false,
  renderFormItem: (ctx) => (
    <ForTypes types={[TOP, SUB]}>
      <ProFormRadio.Group
        name={ctx.name}
        label={ctx.label}
        disabled={ctx.disabled}
        radioType="button"
        options={[
          { value: true, label: tx(['是', 'Yes']) },
          { value: false, label: tx(['否', 'No']) },
        ]}
      />
    </ForTypes>
  ),
});

function menuPage(tx: Tx, openRules: (row: Row) => void, onChanged: () => void): ResourcePageDef {
  return {
    api: '/sys/permission',
    title: ['菜单管理', 'Menus'],
    perm: 'system:permission',
    schema: menuBody,
    tree: true,
    formIn: 'drawer',
    formWidth: 720,
    actions: { export: false, import: false, detail: false },
    onChanged,
    addDefaults: {
      menuType: String(TOP),
      status: '1',
      permsType: '1',
      sortNo: 1,
      route: true,
      keepAlive: true,
      hidden: false,
      alwaysShow: false,
      internalOrExternal: false,
      hideTab: false,
    },
    fields: [
      {
        name: 'name',
        label: ['菜单名称', 'Name'],
        required: true,
        list: { width: 240, fixed: 'left' },
        render: (value, row) => (
          <Space size={6}>
            {Number(row.menuType) !== BUTTON && <MenuIcon name={String(row.icon ?? '') || undefined} />}
            <span>{String(value ?? '')}</span>
            {Number(row.ruleFlag) === 1 && <Tag color="purple">{tx(['数据规则', 'Data rules'])}</Tag>}
          </Space>
        ),
      },
      {
        name: 'nameEn',
        label: ['英文名称', 'English name'],
        list: false,
        help: [
          '英文界面显示的名称；留空则显示中文名称',
          'Shown in English mode; empty shows the Chinese name',
        ],
      },
      {
        name: 'menuType',
        label: ['菜单类型', 'Type'],
        kind: 'dict',
        options: MENU_TYPES,
        required: true,
        list: { width: 100 },
        render: (value) => {
          const type = MENU_TYPES.find((t) => t.value === String(value));
          return type ? <Tag color={type.colour}>{tx(type.label)}</Tag> : String(value ?? '');
        },
        renderFormItem: (ctx) => (
          <ProFormRadio.Group
            name={ctx.name}
            label={ctx.label}
            rules={ctx.rules}
            colProps={{ span: 24 }}
            radioType="button"
            options={MENU_TYPES.map((t) => ({ value: t.value, label: tx(t.label) }))}
          />
        ),
      },
      {
        name: 'parentId',
        label: ['上级菜单', 'Parent'],
        list: false,
        renderFormItem: (ctx) => (
          <ForTypes types={[SUB, BUTTON]}>
            <MenuParentSelect ctx={ctx} />
          </ForTypes>
        ),
      },
      {
        name: 'url',
        label: ['菜单路径', 'Path'],
        list: { width: 200, ellipsis: true },
        renderFormItem: typedText([TOP, SUB], true, tx, '/system/example'),
      },
      {
        name: 'component',
        label: ['前端组件', 'Component'],
        list: { width: 200, ellipsis: true },
        renderFormItem: typedText([TOP, SUB], false, tx, 'system/ExampleList'),
      },
      {
        name: 'componentName',
        label: ['组件名称', 'Component name'],
        list: false,
        renderFormItem: typedText([TOP, SUB], false, tx),
      },
      {
        name: 'redirect',
        label: ['默认跳转地址', 'Redirect'],
        list: false,
        renderFormItem: typedText([TOP, SUB], false, tx),
      },
      {
        name: 'perms',
        label: ['授权标识', 'Permission code'],
        list: { width: 200, ellipsis: true, copyable: true },
        renderFormItem: (ctx) => (
          <ProFormDependency name={['menuType']}>
            {({ menuType }) => (
              <ProFormText
                name={ctx.name}
                label={ctx.label}
                colProps={ctx.colProps}
                placeholder="system:example:add"
                rules={[
                  ...ctx.rules,
                  ...(Number(menuType) === BUTTON
                    ? [{ required: true, message: tx(['按钮必须填写授权标识', 'A button needs a code']) }]
                    : []),
                ]}
              />
            )}
          </ProFormDependency>
        ),
      },
      {
        name: 'permsType',
        label: ['授权策略', 'Policy'],
        kind: 'dict',
        dict: 'perms_type',
        list: false,
        renderFormItem: (ctx) => (
          <ForTypes types={[BUTTON]}>
            <ProFormRadio.Group
              name={ctx.name}
              label={ctx.label}
              options={[
                { value: '1', label: tx(['可见/可访问', 'Visible']) },
                { value: '2', label: tx(['可编辑', 'Editable']) },
              ]}
            />
          </ForTypes>
        ),
      },
      {
        ...activeStatusField,
        render: (value) =>
          String(value) === '0' ? (
            <Tag>{tx(['无效', 'Inactive'])}</Tag>
          ) : (
            <Tag color="green">{tx(['有效', 'Active'])}</Tag>
          ),
      },
      { name: 'sortNo', label: ['排序', 'Order'], kind: 'number', list: { width: 70 } },
      {
        name: 'icon',
        label: ['菜单图标', 'Icon'],
        list: false,
        renderFormItem: (ctx) => (
          <ForTypes types={[TOP, SUB]}>
            <ProFormDependency name={['icon']}>
              {({ icon }) => (
                <ProFormText
                  name={ctx.name}
                  label={ctx.label}
                  rules={ctx.rules}
                  placeholder="SettingOutlined"
                  fieldProps={{ addonAfter: <MenuIcon name={icon || undefined} /> }}
                />
              )}
            </ProFormDependency>
          </ForTypes>
        ),
      },
      menuSwitch(tx, 'route', ['是否路由', 'Route']),
      menuSwitch(tx, 'hidden', ['隐藏路由', 'Hidden']),
      menuSwitch(tx, 'alwaysShow', ['聚合路由', 'Always show']),
      menuSwitch(tx, 'keepAlive', ['缓存路由', 'Keep alive']),
      menuSwitch(tx, 'hideTab', ['隐藏Tab', 'Hide tab']),
      menuSwitch(tx, 'internalOrExternal', ['外部打开', 'Open outside']),
      { name: 'description', label: ['描述', 'Description'], kind: 'textarea', list: false },
    ],
    // A top menu has no parent; the form keeps the field hidden but its old value would linger.
    toBody: (values) => (Number(values.menuType) === TOP ? { ...values, parentId: null } : values),
    rowActions: [
      {
        key: 'addChild',
        label: ['添加下级', 'Add child'],
        perm: 'system:permission:add',
        visible: (row) => Number(row.menuType) !== BUTTON,
        run: (row, { add }) =>
          add({
            parentId: row.id,
            // Below a page (not a folder of pages) come its buttons.
            menuType: String(row.component && row.component !== ROUTE_VIEW ? BUTTON : SUB),
          }),
      },
      {
        key: 'rules',
        label: ['数据规则', 'Data rules'],
        visible: (row) => Number(row.menuType) !== BUTTON,
        run: (row) => openRules(row),
      },
    ],
  };
}

export default function PermissionList() {
  const tx = useBilingual();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [rulesOf, setRulesOf] = useState<Row | null>(null);
  // Data-rule changes flip a menu's rule tag: the tree is read again when the drawer closes after one.
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: i18n.language stands for tx
  const def = useMemo(
    () => menuPage(tx, setRulesOf, () => void queryClient.invalidateQueries({ queryKey: MENU_TREE_KEY })),
    [i18n.language, queryClient],
  );
  return (
    <>
      <ResourceListPage key={version} def={def} />
      <DataRuleDrawer
        menu={rulesOf}
        onClose={(changed) => {
          setRulesOf(null);
          if (changed) setVersion((v) => v + 1);
        }}
      />
    </>
  );
}
