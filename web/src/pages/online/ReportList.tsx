// Report definitions (menu component "report list"): list, create, edit, test the SQL
// (/online/cgreport/head/parseSql fills the columns and shows the first rows) and preview by code.
import { type Page, REPORT_FIELD_TYPES, type ReportFieldType, reportHeadResource } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, message, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuthorized } from '../../components/auth';
import { useBusyAction } from '../../components/common/useBusyAction';
import { ResourceListPage, useResourcePage } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { api, showFailure } from '../../services/request';
import { ReportView } from './components/ReportView';
import { EditedRows, rowEditing, rowsForFields, valueOptions } from './components/rowEditing';

const perm = reportHeadResource.permission;

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
interface ReportItem {
  fieldName: string;
  fieldTxt?: string | null;
  fieldType: ReportFieldType;
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
  fields: { fieldName: string; fieldTxt: string; fieldType: ReportFieldType; orderNum: number }[];
  params: ReportParam[];
  total: number;
  records: Record<string, unknown>[];
}

function ReportEditor({ id, onClose }: { id: string | null | 'new'; onClose: (saved: boolean) => void }) {
  const tx = useBilingual();
  const [form] = Form.useForm<Head>();
  const [items, setItems] = useState<ReportItem[]>([]);
  const [params, setParams] = useState<ReportParam[]>([]);
  const [preview, setPreview] = useState<ParseResult | null>(null);
  const { busy, run } = useBusyAction(showFailure);
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
    await run(async () => {
      const dbSource = (form.getFieldValue('dbSource') as string | null | undefined) || null;
      const result = await api.post<ParseResult>('/online/cgreport/head/parseSql', { sql, params, dbSource });
      setPreview(result);
      setParams(result.params.map((p) => ({ ...p, ...params.find((q) => q.paramName === p.paramName) })));
      setItems(
        rowsForFields(
          result.fields,
          items,
          (item, f) => item.fieldName === f.fieldName,
          (f, i) => ({
            fieldName: f.fieldName,
            fieldTxt: f.fieldTxt,
            fieldType: f.fieldType,
            isShow: 1,
            isSearch: 0,
            isOrder: 0,
            isTotal: 0,
            orderNum: i + 1,
          }),
        ),
      );
      message.success(tx([`解析成功，共 ${result.total} 条数据`, `Parsed: ${result.total} rows`]));
    });
  };

  const save = async () => {
    const head = await form.validateFields();
    await run(async () => {
      const body = { head: { ...head, dbSource: head.dbSource || null }, items, params };
      if (id === 'new') await api.post('/online/cgreport/head/add', body);
      else await api.put('/online/cgreport/head/edit', { ...body, id });
      message.success(tx(['保存成功', 'Saved']));
      close(true);
    });
  };
  const close = (saved: boolean) => {
    form.resetFields();
    setItems([]);
    setParams([]);
    setPreview(null);
    onClose(saved);
  };
  const itemCells = rowEditing(items, setItems);
  const flag = (key: Parameters<typeof itemCells.flag>[0], title: string) =>
    itemCells.flag(key, title, { width: 70 });

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
              <EditedRows<ReportItem>
                rows={items}
                rowKey="fieldName"
                wide
                columns={[
                  { title: tx(['字段名', 'Field']), dataIndex: 'fieldName', width: 140 },
                  itemCells.text('fieldTxt', tx(['字段文本', 'Title'])),
                  itemCells.select('fieldType', tx(['类型', 'Type']), valueOptions(REPORT_FIELD_TYPES), {
                    selectWidth: 110,
                  }),
                  flag('isShow', tx(['显示', 'Show'])),
                  flag('isSearch', tx(['查询', 'Search'])),
                  itemCells.select(
                    'searchMode',
                    tx(['查询模式', 'Mode']),
                    [
                      { value: 'single', label: tx(['单条件', 'Single']) },
                      { value: 'group', label: tx(['范围', 'Range']) },
                    ],
                    { selectWidth: 100, fallback: 'single' },
                  ),
                  flag('isOrder', tx(['排序', 'Sort'])),
                  flag('isTotal', tx(['合计', 'Total'])),
                  itemCells.text('dictCode', tx(['字典Code', 'Dictionary'])),
                ]}
              />
            ),
          },
          {
            key: 'params',
            label: tx(['报表参数', 'Parameters']),
            children: (
              <EditedRows<ReportParam>
                rows={params}
                rowKey="paramName"
                columns={[
                  { title: tx(['参数', 'Parameter']), dataIndex: 'paramName' },
                  { title: tx(['类型', 'Type']), dataIndex: 'paramType' },
                  rowEditing(params, setParams).text('paramValue', tx(['默认值', 'Default'])),
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
  const navigate = useNavigate();
  const [editing, setEditing] = useState<{ id: string | 'new'; saved: () => void } | null>(null);
  const [previewCode, setPreviewCode] = useState<string | null>(null);
  const def = useResourcePage(reportHeadResource, [navigate], () => ({
    fields: {
      dbSource: {
        render: (value) => (value ? String(value) : tx(['平台数据库', 'Platform database'])),
      },
    },
    toolbar: [
      {
        key: 'add',
        label: ['新增', 'Add'],
        perm: `${perm}:add`,
        run: (_selected, helpers) => setEditing({ id: 'new', saved: helpers.reload }),
      },
    ],
    rowActions: [
      {
        key: 'edit',
        label: ['编辑', 'Edit'],
        perm: `${perm}:edit`,
        run: (row, helpers) => setEditing({ id: String(row.id), saved: helpers.reload }),
      },
      { key: 'preview', label: ['预览', 'Preview'], run: (row) => setPreviewCode(String(row.code)) },
      {
        key: 'open',
        label: ['打开', 'Open'],
        run: (row) => navigate(`/online/cgreport/view/${encodeURIComponent(String(row.code))}`),
      },
    ],
  }));
  return (
    <>
      <ResourceListPage def={def} />
      <ReportEditor
        id={editing?.id ?? null}
        onClose={(saved) => {
          if (saved) editing?.saved();
          setEditing(null);
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
    </>
  );
}
