// Copies of an online form (menu component "copy list", route `/online/copyform/:code`, the code being the
// form's id): each copy is the same table under its own title with its own field visibility; its list below
// renders through the generated list, reading and writing through the form's own routes.
import { PlusOutlined } from '@ant-design/icons';
import type { CgformField } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { matchPath, useLocation } from 'react-router';
import { Authorized } from '../../components/auth';
import { CompactTable } from '../../components/common/CompactTable';
import { useBusyAction } from '../../components/common/useBusyAction';
import { TextItem } from '../../components/form/formItems';
import { useBilingual } from '../../components/resource/text';
import { api, errorText } from '../../services/request';
import { CgformView } from './components/CgformView';
import { RowDelete, RowLink } from './components/DesignerList';
import { EditedRows, rowEditing, rowsForFields } from './components/rowEditing';

interface FieldView {
  dbFieldName: string;
  isShowList: number;
  isShowForm: number;
  isQuery: number;
}

interface Copy {
  id: string;
  tableTxt: string;
  tableTxtEn: string | null;
  fields: FieldView[];
  createTime: string;
}

interface Definition {
  head: { id: string; tableName: string; tableTxt: string };
  fields: CgformField[];
}

const FLAGS = [
  ['isShowList', ['列表显示', 'In list']],
  ['isShowForm', ['表单显示', 'In form']],
  ['isQuery', ['查询条件', 'Search']],
] as const;

function CopyEditor({
  definition,
  copy,
  onClose,
}: {
  definition: Definition;
  copy: Copy | 'new' | null;
  onClose: (saved: boolean) => void;
}) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ tableTxt: string; tableTxtEn?: string }>();
  const [views, setViews] = useState<FieldView[]>([]);
  const { busy: saving, run: runSaving } = useBusyAction();
  useEffect(() => {
    if (!copy) return;
    const own = copy === 'new' ? [] : copy.fields;
    setViews(
      rowsForFields(
        definition.fields,
        own,
        (view, f) => view.dbFieldName === f.dbFieldName,
        (f) => ({
          dbFieldName: f.dbFieldName,
          isShowList: f.isShowList,
          isShowForm: f.isShowForm,
          isQuery: f.isQuery,
        }),
      ),
    );
    form.setFieldsValue(
      copy === 'new'
        ? { tableTxt: `${definition.head.tableTxt}（副本）`, tableTxtEn: '' }
        : { tableTxt: copy.tableTxt, tableTxtEn: copy.tableTxtEn ?? '' },
    );
  }, [copy, definition, form]);

  const save = async () => {
    const values = await form.validateFields();
    await runSaving(async () => {
      if (copy === 'new')
        await api.post('/online/cgform/copy/add', { ...values, physicId: definition.head.id, fields: views });
      else if (copy) await api.put('/online/cgform/copy/edit', { ...values, id: copy.id, fields: views });
      message.success(tx(['保存成功', 'Saved']));
      onClose(true);
    });
  };

  return (
    <Modal
      open={copy !== null}
      title={copy === 'new' ? tx(['新增副本', 'New copy']) : tx(['编辑副本', 'Edit copy'])}
      onCancel={() => onClose(false)}
      onOk={() => void save()}
      confirmLoading={saving}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="tableTxt"
          label={tx(['副本名称', 'Copy title'])}
          rules={[{ required: true, message: tx(['请输入副本名称', 'Enter the title']) }]}
        >
          <Input maxLength={200} data-testid="copy-title" />
        </Form.Item>
        <TextItem name="tableTxtEn" label={tx(['英文名称', 'English title'])} maxLength={200} />
      </Form>
      <EditedRows<FieldView>
        rows={views}
        rowKey="dbFieldName"
        columns={[
          {
            title: tx(['字段', 'Field']),
            dataIndex: 'dbFieldName',
            render: (name: string) =>
              `${definition.fields.find((f) => f.dbFieldName === name)?.dbFieldTxt ?? name} (${name})`,
          },
          ...FLAGS.map(([key, label]) =>
            rowEditing(views, setViews).flag(key, tx(label), {
              width: 90,
              testId: (view) => `copy-${key}-${view.dbFieldName}`,
            }),
          ),
        ]}
      />
    </Modal>
  );
}

export function copyFormCodeOf(pathname: string): string {
  const m = matchPath({ path: '/online/copyform/:code', end: false }, pathname);
  return m?.params.code ? decodeURIComponent(m.params.code) : '';
}

export default function CgformCopyList() {
  const tx = useBilingual();
  const { message } = App.useApp();
  const client = useQueryClient();
  const { pathname } = useLocation();
  const code = copyFormCodeOf(pathname);
  const [editing, setEditing] = useState<Copy | 'new' | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const definition = useQuery({
    queryKey: ['cgform-definition', code],
    queryFn: () => api.get<Definition>('/online/cgform/head/queryById', { id: code }),
    enabled: !!code,
  });
  const copies = useQuery({
    queryKey: ['cgform-copies', code],
    queryFn: () => api.get<Copy[]>('/online/cgform/copy/list', { physicId: code }),
    enabled: !!code,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['cgform-copies', code] });
  const remove = async (copy: Copy) => {
    try {
      await api.delete('/online/cgform/copy/delete', { id: copy.id });
      if (open === copy.id) setOpen(null);
      refresh();
    } catch (error) {
      message.error(errorText(error));
    }
  };

  if (!code) return <Alert type="error" showIcon message={tx(['缺少表单编码', 'No form code'])} />;
  if (definition.isError) return <Alert type="error" showIcon message={errorText(definition.error)} />;
  const head = definition.data?.head;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={tx([`${head?.tableTxt ?? ''} 的副本`, `Copies of ${head?.tableTxt ?? ''}`])}
        extra={
          <Authorized action="online:cgform:add">
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!definition.data}
              data-testid="copy-add"
              onClick={() => setEditing('new')}
            >
              {tx(['新增副本', 'New copy'])}
            </Button>
          </Authorized>
        }
      >
        <CompactTable<Copy>
          loading={copies.isLoading}
          dataSource={copies.data ?? []}
          columns={[
            { title: tx(['副本名称', 'Copy title']), dataIndex: 'tableTxt' },
            {
              title: tx(['隐藏的列', 'Hidden columns']),
              key: 'hidden',
              render: (_, copy) =>
                copy.fields
                  .filter((f) => f.isShowList === 0)
                  .map((f) => f.dbFieldName)
                  .join(', ') || '-',
            },
            { title: tx(['创建时间', 'Created']), dataIndex: 'createTime' },
            {
              title: tx(['操作', 'Actions']),
              key: 'actions',
              render: (_, copy) => (
                <Space size={4} wrap>
                  <RowLink data-testid={`copy-open-${copy.tableTxt}`} onClick={() => setOpen(copy.id)}>
                    {tx(['功能测试', 'Open'])}
                  </RowLink>
                  <RowLink action="online:cgform:edit" onClick={() => setEditing(copy)}>
                    {tx(['编辑', 'Edit'])}
                  </RowLink>
                  <RowDelete
                    action="online:cgform:delete"
                    title={tx(['删除该副本?', 'Delete this copy?'])}
                    onConfirm={() => void remove(copy)}
                  />
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {open && (
        <CgformView
          key={open}
          code={code}
          columnsUrl={`/online/cgform/copy/getColumns/${encodeURIComponent(open)}`}
        />
      )}
      {definition.data && (
        <CopyEditor
          definition={definition.data}
          copy={editing}
          onClose={(saved) => {
            setEditing(null);
            if (saved) refresh();
          }}
        />
      )}
    </Space>
  );
}
