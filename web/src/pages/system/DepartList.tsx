// 部门管理 (component `system/DepartList`): the department tree with generated org codes; add a top-level
// department or one below the selected one, edit the selected one beside the tree, delete it (the server
// refuses while users or children remain).
import {
  ModalForm,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { departBody } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Descriptions, Empty, Popconfirm, Row, Space, Spin } from 'antd';
import { useState } from 'react';
import { useCan } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { DepartTreeCard } from './depart/DepartTreeCard';
import type { DepartOption } from './depart/departTree';

interface Depart {
  id: string;
  parentId?: string | null;
  departName: string;
  orgCode: string;
  orgCategory?: string | null;
  departOrder?: number | null;
  mobile?: string | null;
  address?: string | null;
  memo?: string | null;
}

type DepartValues = Omit<Depart, 'id' | 'orgCode'>;

const CATEGORIES = [
  { value: '1', label: ['公司', 'Company'] },
  { value: '2', label: ['部门', 'Department'] },
  { value: '3', label: ['岗位', 'Post'] },
] as const;

function DepartFields() {
  const tx = useBilingual();
  return (
    <>
      <ProFormText
        name="departName"
        label={tx(['机构名称', 'Name'])}
        rules={[{ required: true, whitespace: true, message: tx(['请输入机构名称', 'Enter the name']) }]}
        fieldProps={{ maxLength: 100 }}
      />
      <ProFormRadio.Group
        name="orgCategory"
        label={tx(['机构类别', 'Category'])}
        options={CATEGORIES.map((c) => ({ value: c.value, label: tx(c.label) }))}
      />
      <ProFormDigit
        name="departOrder"
        label={tx(['排序', 'Order'])}
        min={0}
        max={100_000}
        fieldProps={{ precision: 0 }}
      />
      <ProFormText
        name="mobile"
        label={tx(['电话', 'Phone'])}
        rules={[
          { pattern: /^[0-9+\-() ]*$/, message: tx(['请输入正确的电话号码', 'Enter a valid phone number']) },
        ]}
      />
      <ProFormText name="address" label={tx(['地址', 'Address'])} fieldProps={{ maxLength: 100 }} />
      <ProFormTextArea name="memo" label={tx(['备注', 'Memo'])} fieldProps={{ maxLength: 500 }} />
    </>
  );
}

export default function DepartList() {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<DepartOption | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartOption | null } | null>(null);
  const detail = useQuery({
    queryKey: ['sys', 'depart', selected?.key],
    queryFn: () => api.get<Depart>('/sys/sysDepart/queryById', { id: selected?.key }),
    enabled: Boolean(selected),
  });
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['sys', 'departIdTree'] });
    await queryClient.invalidateQueries({ queryKey: ['sys', 'depart'] });
  };

  const save = async (values: DepartValues, id?: string) => {
    const body = departBody.safeParse(values);
    if (!body.success) {
      message.error(body.error.issues[0]?.message ?? tx(['请检查输入', 'Check the input']));
      return false;
    }
    try {
      if (id) await api.put('/sys/sysDepart/edit', { ...body.data, id });
      else await api.post('/sys/sysDepart/add', { ...body.data, parentId: adding?.parent?.key ?? null });
      message.success(id ? tx(['编辑成功!', 'Saved']) : tx(['添加成功！', 'Added']));
      await refresh();
      return true;
    } catch (err) {
      message.error(errorText(err));
      return false;
    }
  };

  const remove = async () => {
    if (!selected) return;
    try {
      await api.delete('/sys/sysDepart/delete', { id: selected.key });
      message.success(tx(['删除成功!', 'Deleted']));
      setSelected(null);
      await refresh();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const extra = (
    <Space size={4} wrap>
      {can('system:depart:add') && (
        <Button
          size="small"
          type="primary"
          data-testid="depart-add"
          onClick={() => setAdding({ parent: null })}
        >
          {tx(['添加部门', 'Add'])}
        </Button>
      )}
      {can('system:depart:add') && selected && (
        <Button size="small" data-testid="depart-add-child" onClick={() => setAdding({ parent: selected })}>
          {tx(['添加下级', 'Add below'])}
        </Button>
      )}
      {can('system:depart:delete') && selected && (
        <Popconfirm title={tx(['确定删除吗?', 'Delete it?'])} onConfirm={remove}>
          <Button size="small" danger data-testid="depart-delete">
            {tx(['删除', 'Delete'])}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );

  const row = detail.data;
  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} md={10} xl={8}>
        <DepartTreeCard selected={selected} onSelect={setSelected} extra={extra} />
      </Col>
      <Col xs={24} md={14} xl={16}>
        <Card size="small" title={selected ? selected.title : tx(['部门信息', 'Department'])}>
          {!selected ? (
            <Empty description={tx(['请在左侧选择一个部门', 'Pick a department on the left'])} />
          ) : detail.isLoading || !row ? (
            <Spin />
          ) : (
            <>
              <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                <Descriptions.Item label={tx(['机构编码', 'Org code'])}>
                  <span data-testid="depart-org-code">{row.orgCode}</span>
                </Descriptions.Item>
              </Descriptions>
              <ProForm<DepartValues>
                key={row.id}
                initialValues={{ ...row, orgCategory: row.orgCategory ?? undefined }}
                disabled={!can('system:depart:edit')}
                submitter={can('system:depart:edit') ? { resetButtonProps: false } : false}
                onFinish={(values) => save(values, row.id)}
              >
                <DepartFields />
              </ProForm>
            </>
          )}
        </Card>
      </Col>
      <ModalForm<DepartValues>
        title={
          adding?.parent
            ? tx([`添加下级部门 · ${adding.parent.title}`, `Add below ${adding.parent.title}`])
            : tx(['添加部门', 'Add department'])
        }
        open={adding !== null}
        modalProps={{ destroyOnHidden: true, onCancel: () => setAdding(null) }}
        initialValues={{ orgCategory: adding?.parent ? '2' : '1', departOrder: 0 }}
        onFinish={async (values) => {
          const done = await save(values);
          if (done) setAdding(null);
          return done;
        }}
      >
        <DepartFields />
      </ModalForm>
    </Row>
  );
}
