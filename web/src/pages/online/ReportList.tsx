// Report definitions (menu component "report list"): list, create, edit, test the SQL
// (/online/cgreport/head/parseSql fills the columns and shows the first rows) and preview by code.
import { PlusOutlined } from '@ant-design/icons';
import type { Page } from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  Modal,
  message,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Authorized, useAuthorized } from '../../components/auth';
import { useBilingual } from '../../components/resource/text';
import { api, errorText, isHttpFailure } from '../../services/request';
import { ReportView } from './ReportAutoList';

export const FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'BigDecimal', 'Money', 'Date', 'Datetime'];

interface Head {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  returnValField?: string | null;
  returnTxtField?: string | null;
  perms?: string | null;
  content?: string | null;
  /** Data source code; blank runs the report on the platform database. */
  dbSource?: string | null;
  createTime?: string;
}
interface DataSource {
  id: string;
  code: string;
  name: string;
  dbType: string;
}
export interface ReportItem {
  fieldName: string;
  fieldTxt?: string | null;
  fieldType: string;
  isShow: number;
  isSearch: number;
  isOrder: number;
  isTotal: number;
  searchMode?: 'single' | 'group' | null;
  dictCode?: string | null;
  fieldHref?: string | null;
  orderNum: number;
}
interface ReportParam {
  paramName: string;
  paramTxt?: string | null;
  paramValue?: string | null;
  paramType: string;
  orderNum?: number;
}
interface ParseResult {
  fields: { fieldName: string; fieldTxt: string; fieldType: string; orderNum: number }[];
  params: ReportParam[];
  total: number;
  records: Record<string, unknown>[];
}

function fail(error: unknown) {
  if (!isHttpFailure(error)) message.error(errorText(error));
}

function ReportEditor({ id, onClose }: { id: string | null | 'new'; onClose: (saved: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<Head>();
  const [items, setItems] = useState<ReportItem[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [preview, setPreview] = useState<ParseResult | null>(null);
  const [busy, setBusy] = useState(false);
  const open = id !== null;
  // Readers without the data source list keep the stored code (shown as is) or blank.
  const { canShow } = useAuthorized();
  const sources = useQuery({
    queryKey: ['report-data-sources'],
    enabled: open && canShow('system:datasource:list'),
    queryFn: () =>
      api.get<Page<DataSource>>('/sys/dataSource/list', {
        pageNo: 1,
        pageSize: 1000,
        column: 'code',
        order: 'asc',
      }),
  });
  useQuery({
    queryKey: ['report-detail', id],
    enabled: open && id !== 'new',
    queryFn: async () => {
      const detail = await api.get<{ head: Head; items: ReportItem[]; params: ReportParam[] }>(
        '/online/cgreport/head/detail',
        { id },
      );
      form.setFieldsValue(detail.head);
      setItems(detail.items);
      setParams(detail.params);
      return detail;
    },
    gcTime: 0,
  });

  const testSql = async () => {
    const sql = form.getFieldValue('cgrSql') as string | undefined;
    if (!sql?.trim()) {
      message.warning(tx(['报表SQL不能为空', 'The report SQL is required']));
      return;
    }
    setBusy(true);
    try {
      const dbSource = (form.getFieldValue('dbSource') as string | null | undefined) || null;
      const result = await api.post<ParseResult>('/online/cgreport/head/parseSql', { sql, params, dbSource });
      setPreview(result);
      setParams(result.params.map((p) => ({ ...p, ...params.find((q) => q.paramName === p.paramName) })));
      setItems(
        result.fields.map((f, i) => {
          const old = items.find((x) => x.fieldName === f.fieldName);
          return (
            old ?? {
              fieldName: f.fieldName,
              fieldTxt: f.fieldTxt,
              fieldType: f.fieldType,
              isShow: 1,
              isSearch: 0,
              isOrder: 0,
              isTotal: 0,
              orderNum: i + 1,
            }
          );
        }),
      );
      message.success(tx([`解析成功，共 ${result.total} 条数据`, `Parsed: ${result.total} rows`]));
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    const head = await form.validateFields();
    setBusy(true);
    try {
      const body = { head: { ...head, dbSource: head.dbSource || null }, items, params };
      if (id === 'new') await api.post('/online/cgreport/head/add', body);
      else await api.put('/online/cgreport/head/edit', { ...body, id });
      message.success(tx(['保存成功', 'Saved']));
      close(true);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const close = (saved: boolean) => {
    form.resetFields();
    setItems([]);
    setParams([]);
    setPreview(null);
    onClose(saved);
  };
  const setItem = (index: number, change: Partial<ReportItem>) =>
    setItems(items.map((x, i) => (i === index ? { ...x, ...change } : x)));
  const flag = (key: 'isShow' | 'isSearch' | 'isOrder' | 'isTotal', title: string) => ({
    title,
    key,
    width: 70,
    render: (_: unknown, row: ReportItem, i: number) => (
      <Checkbox checked={row[key] === 1} onChange={(e) => setItem(i, { [key]: e.target.checked ? 1 : 0 })} />
    ),
  });

  return (
    <Drawer
      open={open}
      width="min(1100px, 100vw)"
      title={id === 'new' ? tx(['新增报表', 'New report']) : tx(['编辑报表', 'Edit report'])}
      onClose={() => close(false)}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={() => void testSql()} loading={busy} data-testid="report-parse-sql">
            {tx(['SQL解析', 'Test SQL'])}
          </Button>
          <Button type="primary" onClick={() => void save()} loading={busy} data-testid="report-save">
            {tx(['保存', 'Save'])}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical">
        <Space wrap style={{ width: '100%' }} align="start">
          <Form.Item name="code" label={tx(['报表编码', 'Code'])} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="name" label={tx(['报表名称', 'Name'])} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="returnValField" label={tx(['返回值字段', 'Value field'])}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="returnTxtField" label={tx(['返回文本字段', 'Text field'])}>
            <Input style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="perms" label={tx(['权限编码', 'Permission'])}>
            <Input style={{ width: 200 }} />
          </Form.Item>
          <Form.Item
            name="dbSource"
            label={tx(['数据源', 'Data source'])}
            tooltip={tx([
              '留空为平台数据库；选择数据源时报表以只读方式在该库运行（仅支持 PostgreSQL）',
              'Blank: the platform database. A data source runs the report read-only there (PostgreSQL only)',
            ])}
          >
            <Select
              allowClear
              style={{ width: 220 }}
              data-testid="report-db-source"
              loading={sources.isFetching}
              placeholder={tx(['平台数据库', 'Platform database'])}
              options={(sources.data?.records ?? []).map((s) => ({
                value: s.code,
                label: `${s.name} (${s.code})`,
                disabled: s.dbType !== 'postgresql',
              }))}
            />
          </Form.Item>
        </Space>
        <Form.Item name="cgrSql" label={tx(['报表SQL', 'SQL'])} rules={[{ required: true }]}>
          <Input.TextArea rows={5} style={{ fontFamily: 'monospace' }} data-testid="report-sql" />
        </Form.Item>
      </Form>
      <Tabs
        items={[
          {
            key: 'items',
            label: tx(['动态报表配置明细', 'Columns']),
            children: (
              <Table<ReportItem>
                size="small"
                rowKey="fieldName"
                pagination={false}
                dataSource={items}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: tx(['字段名', 'Field']), dataIndex: 'fieldName', width: 140 },
                  {
                    title: tx(['字段文本', 'Title']),
                    key: 'fieldTxt',
                    render: (_, row, i) => (
                      <Input
                        size="small"
                        value={row.fieldTxt ?? ''}
                        onChange={(e) => setItem(i, { fieldTxt: e.target.value })}
                      />
                    ),
                  },
                  {
                    title: tx(['类型', 'Type']),
                    key: 'fieldType',
                    render: (_, row, i) => (
                      <Select
                        size="small"
                        style={{ width: 110 }}
                        value={row.fieldType}
                        options={FIELD_TYPES.map((v) => ({ value: v, label: v }))}
                        onChange={(v) => setItem(i, { fieldType: v })}
                      />
                    ),
                  },
                  flag('isShow', tx(['显示', 'Show'])),
                  flag('isSearch', tx(['查询', 'Search'])),
                  {
                    title: tx(['查询模式', 'Mode']),
                    key: 'searchMode',
                    render: (_, row, i) => (
                      <Select
                        size="small"
                        style={{ width: 100 }}
                        value={row.searchMode ?? 'single'}
                        options={[
                          { value: 'single', label: tx(['单条件', 'Single']) },
                          { value: 'group', label: tx(['范围', 'Range']) },
                        ]}
                        onChange={(v) => setItem(i, { searchMode: v })}
                      />
                    ),
                  },
                  flag('isOrder', tx(['排序', 'Sort'])),
                  flag('isTotal', tx(['合计', 'Total'])),
                  {
                    title: tx(['字典Code', 'Dictionary']),
                    key: 'dictCode',
                    render: (_, row, i) => (
                      <Input
                        size="small"
                        value={row.dictCode ?? ''}
                        onChange={(e) => setItem(i, { dictCode: e.target.value })}
                      />
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'params',
            label: tx(['报表参数', 'Parameters']),
            children: (
              <Table<ReportParam>
                size="small"
                rowKey="paramName"
                pagination={false}
                dataSource={params}
                columns={[
                  { title: tx(['参数', 'Parameter']), dataIndex: 'paramName' },
                  { title: tx(['类型', 'Type']), dataIndex: 'paramType' },
                  {
                    title: tx(['默认值', 'Default']),
                    key: 'paramValue',
                    render: (_, row, i) => (
                      <Input
                        size="small"
                        value={row.paramValue ?? ''}
                        onChange={(e) =>
                          setParams(
                            params.map((p, j) => (j === i ? { ...p, paramValue: e.target.value } : p)),
                          )
                        }
                      />
                    ),
                  },
                ]}
              />
            ),
          },
          {
            key: 'preview',
            label: tx(['数据预览', 'Data preview']),
            children: preview ? (
              <Table
                size="small"
                data-testid="report-parse-preview"
                rowKey={(_, i) => String(i)}
                pagination={false}
                dataSource={preview.records}
                scroll={{ x: 'max-content' }}
                columns={preview.fields.map((f) => ({
                  title: f.fieldName,
                  dataIndex: f.fieldName,
                  render: (v: unknown) => String(v ?? ''),
                }))}
              />
            ) : (
              tx(['点击「SQL解析」查看前 10 条数据', 'Click "Test SQL" to see the first 10 rows'])
            ),
          },
        ]}
      />
    </Drawer>
  );
}

export default function ReportList() {
  const tx = useBilingual();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const [editing, setEditing] = useState<string | null>(null);
  const [previewCode, setPreviewCode] = useState<string | null>(null);
  const list = useQuery({
    queryKey: ['report-heads', keyword, page],
    queryFn: () =>
      api.get<Page<Head>>('/online/cgreport/head/list', {
        ...page,
        ...(keyword ? { name: `*${keyword}*` } : {}),
      }),
  });
  const remove = async (id: string) => {
    try {
      await api.delete('/online/cgreport/head/delete', { id });
      message.success(tx(['删除成功', 'Deleted']));
      void client.invalidateQueries({ queryKey: ['report-heads'] });
    } catch (error) {
      fail(error);
    }
  };
  return (
    <Card
      title={tx(['报表配置', 'Report definitions'])}
      extra={
        <Authorized action="online:cgreport:add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing('new')}
            data-testid="report-add"
          >
            {tx(['新增', 'Add'])}
          </Button>
        </Authorized>
      }
    >
      <Input.Search
        allowClear
        placeholder={tx(['报表名称', 'Report name'])}
        style={{ maxWidth: 280, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage({ ...page, pageNo: 1 });
        }}
      />
      <Table<Head>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.records ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
        columns={[
          { title: tx(['报表编码', 'Code']), dataIndex: 'code' },
          { title: tx(['报表名称', 'Name']), dataIndex: 'name' },
          {
            title: tx(['数据源', 'Data source']),
            dataIndex: 'dbSource',
            render: (v: string | null | undefined) => v || tx(['平台数据库', 'Platform database']),
          },
          { title: tx(['创建时间', 'Created']), dataIndex: 'createTime', width: 170 },
          {
            title: tx(['操作', 'Actions']),
            key: 'actions',
            fixed: 'right',
            render: (_, row) => (
              <Space size={4}>
                <Authorized action="online:cgreport:edit">
                  <Button type="link" size="small" onClick={() => setEditing(row.id)}>
                    {tx(['编辑', 'Edit'])}
                  </Button>
                </Authorized>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setPreviewCode(row.code)}
                  data-testid={`report-preview-${row.code}`}
                >
                  {tx(['预览', 'Preview'])}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(`/online/cgreport/view/${encodeURIComponent(row.code)}`)}
                >
                  {tx(['打开', 'Open'])}
                </Button>
                <Authorized action="online:cgreport:delete">
                  <Popconfirm title={tx(['确定删除吗?', 'Delete?'])} onConfirm={() => void remove(row.id)}>
                    <Button type="link" size="small" danger>
                      {tx(['删除', 'Delete'])}
                    </Button>
                  </Popconfirm>
                </Authorized>
              </Space>
            ),
          },
        ]}
      />
      <ReportEditor
        id={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) void client.invalidateQueries({ queryKey: ['report-heads'] });
        }}
      />
      <Modal
        open={previewCode !== null}
        width={1200}
        footer={null}
        title={tx(['报表预览', 'Report preview'])}
        onCancel={() => setPreviewCode(null)}
        destroyOnHidden
      >
        {previewCode && <ReportView code={previewCode} />}
      </Modal>
    </Card>
  );
}
