// The data rules of one menu (reference PermissionDataRuleList): which rows a role granted the rule sees,
// as column-condition-value; added, edited and deleted here, granted on the role screen.
import { PlusOutlined } from '@ant-design/icons';
import { type ActionType, ModalForm, type ProColumns, ProForm, ProTable } from '@ant-design/pro-components';
import { DATA_RULE_CONDITIONS, DATA_RULE_VARIABLES, dataRuleBody } from '@freight/contracts';
import { App, AutoComplete, Button, Drawer, Popconfirm, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { type ResourceField, useCan } from '../../../../components/resource';
import {
  buildColumns,
  FormControl,
  fromFormValues,
  toFormValues,
} from '../../../../components/resource/fields';
import { useBilingual } from '../../../../components/resource/text';
import { api, errorText } from '../../../../services/request';
import { useSession } from '../../../../stores/session';
import { activeStatusField } from './activeStatusField';

type Row = Record<string, unknown>;

const CONDITION_LABELS: Record<(typeof DATA_RULE_CONDITIONS)[number], readonly [string, string]> = {
  '=': ['等于', 'equals'],
  '!=': ['不等于', 'not equal'],
  '>': ['大于', 'greater than'],
  '>=': ['大于等于', 'at least'],
  '<': ['小于', 'less than'],
  '<=': ['小于等于', 'at most'],
  IN: ['在…中', 'in'],
  LIKE: ['包含', 'contains'],
  LEFT_LIKE: ['以…结尾', 'ends with'],
  RIGHT_LIKE: ['以…开头', 'starts with'],
};

const RULE_FIELDS: ResourceField[] = [
  { name: 'ruleName', label: ['规则名称', 'Rule name'], required: true, list: { width: 140 } },
  {
    name: 'ruleColumn',
    label: ['规则字段', 'Column'],
    required: true,
    placeholder: ['如 org_code', 'e.g. org_code'],
    list: { width: 120 },
  },
  {
    name: 'ruleConditions',
    label: ['条件规则', 'Condition'],
    kind: 'dict',
    required: true,
    options: DATA_RULE_CONDITIONS.map((c) => ({
      value: c,
      label: [`${c}（${CONDITION_LABELS[c][0]}）`, `${c} (${CONDITION_LABELS[c][1]})`] as const,
    })),
    list: { width: 150 },
  },
  {
    name: 'ruleValue',
    label: ['规则值', 'Value'],
    required: true,
    wide: true,
    list: { width: 170, ellipsis: true },
    renderFormItem: (ctx) => (
      <ProForm.Item name={ctx.name} label={ctx.label} rules={ctx.rules} colProps={{ span: 24 }}>
        <AutoComplete
          options={DATA_RULE_VARIABLES.map((v) => ({ value: v }))}
          placeholder="#{sys_org_code}"
          filterOption={(input, option) => String(option?.value ?? '').includes(input)}
        />
      </ProForm.Item>
    ),
  },
  activeStatusField,
];

export function DataRuleDrawer({
  menu,
  onClose,
}: {
  menu: Row | null;
  /** `changed`: a rule was added, edited or deleted while open. */
  onClose: (changed: boolean) => void;
}) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const dicts = useSession((s) => s.dictItems);
  const actionRef = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<Row | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  const canEdit = can('system:permission:edit');
  const permissionId = menu ? String(menu.id) : '';

  const done = (text: string) => {
    message.success(text);
    setChanged(true);
    actionRef.current?.reload();
  };
  const remove = async (row: Row) => {
    try {
      await api.delete('/sys/permission/deletePermissionRule', { id: row.id });
      done(tx(['删除成功', 'Deleted']));
    } catch (error) {
      message.error(errorText(error));
    }
  };
  const open = (row: Row | null) => {
    setEditing(row);
    setFormOpen(true);
  };

  const columns: ProColumns<Row>[] = [
    ...buildColumns(RULE_FIELDS, dicts, tx),
    {
      title: tx(['操作', 'Actions']),
      key: 'option',
      valueType: 'option',
      width: 110,
      render: (_dom, row) =>
        canEdit ? (
          <Space size={12}>
            <Typography.Link onClick={() => open(row)}>{tx(['编辑', 'Edit'])}</Typography.Link>
            <Popconfirm title={tx(['确定删除吗?', 'Delete this rule?'])} onConfirm={() => remove(row)}>
              <Typography.Link type="danger">{tx(['删除', 'Delete'])}</Typography.Link>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <Drawer
      open={Boolean(menu)}
      width={Math.min(860, typeof window === 'undefined' ? 860 : window.innerWidth)}
      title={`${tx(['数据规则', 'Data rules'])} · ${String(menu?.name ?? '')}`}
      onClose={() => {
        onClose(changed);
        setChanged(false);
      }}
      destroyOnHidden
      data-testid="data-rule-drawer"
    >
      <Typography.Paragraph type="secondary">
        {tx([
          '规则值可用系统变量，如 #{sys_org_code}（当前用户部门编码）、#{sys_user_code}（当前用户名）。',
          'Values may use variables such as #{sys_org_code} (the user’s department code) and #{sys_user_code}.',
        ])}
      </Typography.Paragraph>
      {menu && (
        <ProTable<Row>
          rowKey="id"
          actionRef={actionRef}
          columns={columns}
          search={false}
          pagination={false}
          options={{ reload: true, density: false, setting: false }}
          scroll={{ x: 760 }}
          headerTitle={<Tag color="purple">{String(menu.url ?? menu.name ?? '')}</Tag>}
          toolBarRender={() =>
            canEdit
              ? [
                  <Button key="add" type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                    {tx(['新增规则', 'Add rule'])}
                  </Button>,
                ]
              : []
          }
          request={async () => {
            const rows = await api.get<Row[]>('/sys/permission/getPermRuleListByPermId', { permissionId });
            return { data: rows, total: rows.length, success: true };
          }}
          data-testid="data-rule-table"
        />
      )}
      <ModalForm<Row>
        key={editing ? String(editing.id) : 'new'}
        name="data-rule"
        title={editing ? tx(['编辑数据规则', 'Edit data rule']) : tx(['新增数据规则', 'Add data rule'])}
        open={formOpen}
        width={620}
        grid
        rowProps={{ gutter: 16 }}
        colProps={{ xs: 24, sm: 12 }}
        initialValues={editing ? toFormValues(RULE_FIELDS, editing) : { ruleConditions: '=', status: '1' }}
        modalProps={{ destroyOnHidden: true, maskClosable: false, onCancel: () => setFormOpen(false) }}
        onOpenChange={setFormOpen}
        onFinish={async (values) => {
          const body = { ...fromFormValues(RULE_FIELDS, values), permissionId };
          try {
            if (editing) await api.put('/sys/permission/editPermissionRule', { ...body, id: editing.id });
            else await api.post('/sys/permission/addPermissionRule', body);
          } catch (error) {
            message.error(errorText(error));
            return false;
          }
          done(editing ? tx(['编辑成功', 'Saved']) : tx(['添加成功', 'Added']));
          return true;
        }}
      >
        {RULE_FIELDS.map((field) => (
          <FormControl
            key={field.name}
            field={field}
            dicts={dicts}
            tx={tx}
            schema={dataRuleBody}
            editing={Boolean(editing)}
            editingRow={editing}
            wide={field.wide}
          />
        ))}
      </ModalForm>
    </Drawer>
  );
}
