// Online form designer (menu component "form list"): the forms by table name, a dialog defining a
// form's head, fields and indexes (saved whole with /online/cgform/api/addAll and editAll), the sync to the
// database (a change that loses data is shown and needs confirmation) and the generated list of each form.
import {
  CGFORM_DB_TYPES,
  CGFORM_SHOW_TYPES,
  CGFORM_TABLE_TYPES,
  type CgformField,
  type CgformShowType,
  identifierFault,
} from '@freight/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { App, Form, Input, Modal, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useBusyAction } from '../../components/common/useBusyAction';
import { useBilingual } from '../../components/resource/text';
import { api, postEnvelope, showFailure } from '../../services/request';
import { CgformEnhanceDrawer } from './CgformEnhanceDrawer';
import {
  CgformKindHead,
  type CgformKindValues,
  cgformScreenPath,
  foreignKeyColumns,
  treeFieldsFor,
  useMasterTables,
} from './components/CgformKindFields';
import { DesignerList, RowDelete, RowLink } from './components/DesignerList';
import { EditedRows, rowEditing, valueOptions } from './components/rowEditing';

interface Head {
  id: string;
  tableName: string;
  tableTxt: string;
  tableTxtEn?: string | null;
  tableType: number;
  isTree?: string | null;
  isDbSynch: string;
  version: number;
  createTime?: string;
}

interface IndexRow {
  indexName: string;
  indexField: string;
  indexType: 'normal' | 'unique';
}

type FieldRow = CgformField & { key: string };

/** What each control is called in the designer's select. */
const SHOW_TYPE_LABELS: Record<CgformShowType, readonly [string, string]> = {
  text: ['文本框', 'Text'],
  textarea: ['多行文本', 'Text area'],
  number: ['数字', 'Number'],
  money: ['金额', 'Money'],
  date: ['日期', 'Date'],
  datetime: ['日期时间', 'Date-time'],
  list: ['下拉框', 'Select'],
  radio: ['单选框', 'Radio'],
  checkbox: ['多选框', 'Checkbox'],
  switch: ['开关', 'Switch'],
  image: ['图片', 'Image'],
  sel_search: ['表字典', 'Table dictionary'],
  sel_user: ['用户', 'User'],
  sel_depart: ['部门', 'Department'],
  pca: ['省市区', 'Region'],
  file: ['文件', 'File'],
  umeditor: ['富文本', 'Rich text'],
  popup: ['报表弹窗', 'Report popup'],
};

/**
 * A control chosen for a field, with the column it needs: rich text is long text, and a file or image path
 * (or several, comma separated) does not fit the default 32 characters.
 */
function controlChange(row: CgformField, fieldShowType: CgformShowType): Partial<CgformField> {
  if (fieldShowType === 'umeditor') return { fieldShowType, dbType: 'Text' };
  if ((fieldShowType === 'file' || fieldShowType === 'image') && row.dbType === 'string')
    return { fieldShowType, dbLength: Math.max(row.dbLength ?? 0, 500) };
  return { fieldShowType };
}

/** Controls reading the dictionary columns: the table dictionary and the popup all three, selects the code. */
const LOOKUP_CONTROLS = new Set<CgformShowType>(['sel_search', 'popup']);
const DICT_CONTROLS = new Set<CgformShowType>([...LOOKUP_CONTROLS, 'list', 'radio', 'checkbox']);
const controlOf = (row: CgformField): CgformShowType => row.fieldShowType ?? 'text';

/** Only text and decimal columns take a length; the server sets the others' own. */
const hasLength = (row: CgformField) => row.dbType === 'string' || row.dbType === 'BigDecimal';

let seq = 0;
const newKey = () => `f${++seq}`;

const blankField = (orderNum: number): FieldRow => ({
  key: newKey(),
  dbFieldName: '',
  dbFieldTxt: '',
  dbFieldTxtEn: '',
  dbType: 'string',
  dbLength: 32,
  dbPointLength: 0,
  dbDefaultVal: '',
  dbIsNull: 1,
  isShowForm: 1,
  isShowList: 1,
  isQuery: 0,
  queryMode: 'single',
  fieldShowType: 'text',
  dictField: '',
  dictTable: '',
  dictText: '',
  isUnique: 0,
  sortFlag: 0,
  orderNum,
});

function FormEditor({ id, onClose }: { id: string | null | 'new'; onClose: (saved: boolean) => void }) {
  const tx = useBilingual();
  const { message } = App.useApp();
  const [form] = Form.useForm<Pick<Head, 'tableName' | 'tableTxt' | 'tableTxtEn'> & CgformKindValues>();
  const tableType = Form.useWatch('tableType', form) ?? 1;
  const [fields, setFields] = useState<FieldRow[]>([]);
  const [indexs, setIndexs] = useState<IndexRow[]>([]);
  const { busy, run } = useBusyAction(showFailure);
  const open = id !== null;
  const masters = useMasterTables(open && tableType === CGFORM_TABLE_TYPES.sub);
  useQuery({
    queryKey: ['cgform-detail', id],
    enabled: open && id !== 'new',
    gcTime: 0,
    queryFn: async () => {
      const detail = await api.get<{ head: Head; fields: CgformField[]; indexs: IndexRow[] }>(
        '/online/cgform/head/queryById',
        { id },
      );
      form.setFieldsValue(detail.head);
      setFields(detail.fields.map((f) => ({ ...f, key: newKey() })));
      setIndexs(detail.indexs);
      return detail;
    },
  });
  if (open && id === 'new' && fields.length === 0) setFields([blankField(1)]);

  const fieldCells = rowEditing(fields, setFields);
  const indexCells = rowEditing(indexs, setIndexs);
  const setField = fieldCells.update;
  const close = (saved: boolean) => {
    form.resetFields();
    setFields([]);
    setIndexs([]);
    onClose(saved);
  };
  const save = async () => {
    const head = await form.validateFields();
    const bad = fields.findIndex((f) => identifierFault(f.dbFieldName));
    if (bad >= 0) {
      message.error(
        `${tx(['字段名', 'Field name'])} ${bad + 1}: ${identifierFault(fields[bad]?.dbFieldName)}`,
      );
      return;
    }
    await run(async () => {
      const body = {
        head: { ...head, ...(id !== 'new' ? { id } : {}) },
        fields: fields.map(({ key: _key, ...f }, i) => ({ ...f, orderNum: i + 1 })),
        indexs,
      };
      if (id === 'new') await api.post('/online/cgform/api/addAll', body);
      else await api.put('/online/cgform/api/editAll', body);
      message.success(tx(['保存成功，同步数据库后生效', 'Saved; sync to the database to apply it']));
      close(true);
    });
  };
  const flag = (key: Parameters<typeof fieldCells.flag>[0], title: string) =>
    fieldCells.flag(key, title, { width: 60, testId: (_row, i) => `cgform-field-${key}-${i}` });
  const text = (
    key: Parameters<typeof fieldCells.text>[0],
    title: string,
    width = 130,
    unused?: (row: FieldRow) => boolean,
  ) =>
    fieldCells.text(key, title, {
      width,
      unused,
      testId: (_row, i) => `cgform-field-${key}-${i}`,
      status: (row) =>
        key === 'dbFieldName' && row.dbFieldName && identifierFault(row.dbFieldName) ? 'error' : undefined,
    });

  return (
    <Modal
      open={open}
      width="min(1280px, 100vw)"
      title={id === 'new' ? tx(['新增表单', 'New form']) : tx(['编辑表单', 'Edit form'])}
      onCancel={() => close(false)}
      onOk={() => void save()}
      okText={tx(['保存', 'Save'])}
      okButtonProps={{ loading: busy, 'data-testid': 'cgform-save' } as ButtonProps}
      maskClosable={false}
      destroyOnHidden
    >
      <Form form={form} layout="vertical">
        <Space wrap align="start">
          <Form.Item
            name="tableName"
            label={tx(['表名', 'Table name'])}
            rules={[
              { required: true },
              {
                validator: (_, v: string) => {
                  const fault = v ? identifierFault(v) : undefined;
                  return fault ? Promise.reject(new Error(fault)) : Promise.resolve();
                },
              },
            ]}
          >
            <Input style={{ width: 220 }} data-testid="cgform-table-name" />
          </Form.Item>
          <Form.Item name="tableTxt" label={tx(['表描述', 'Title'])} rules={[{ required: true }]}>
            <Input style={{ width: 220 }} data-testid="cgform-table-txt" />
          </Form.Item>
          <Form.Item name="tableTxtEn" label={tx(['英文描述', 'English title'])}>
            <Input style={{ width: 220 }} />
          </Form.Item>
          <CgformKindHead
            fieldNames={fields.map((f) => f.dbFieldName)}
            onTree={() => setFields(treeFieldsFor(fields, blankField))}
          />
        </Space>
      </Form>
      <Tabs
        items={[
          {
            key: 'fields',
            label: tx(['数据库属性', 'Fields']),
            children: (
              <EditedRows<FieldRow>
                rows={fields}
                rowKey="key"
                wide
                add={{
                  label: tx(['新增字段', 'Add field']),
                  testId: 'cgform-add-field',
                  onAdd: () => setFields([...fields, blankField(fields.length + 1)]),
                }}
                columns={[
                  { ...text('dbFieldName', tx(['字段名', 'Name'])), fixed: 'left' as const },
                  text('dbFieldTxt', tx(['字段备注', 'Label'])),
                  text('dbFieldTxtEn', tx(['英文名', 'English label'])),
                  fieldCells.select('dbType', tx(['类型', 'Type']), valueOptions(CGFORM_DB_TYPES), {
                    width: 120,
                    selectWidth: 110,
                    testId: (_row, i) => `cgform-field-dbType-${i}`,
                  }),
                  fieldCells.number('dbLength', tx(['长度', 'Length']), {
                    width: 80,
                    min: 1,
                    max: 4000,
                    testId: (_row, i) => `cgform-field-dbLength-${i}`,
                    unused: (row) => !hasLength(row),
                    blankWhenUnused: true,
                  }),
                  fieldCells.number('dbPointLength', tx(['小数位', 'Scale']), {
                    width: 70,
                    min: 0,
                    max: 38,
                    unused: (row) => row.dbType !== 'BigDecimal',
                  }),
                  text('dbDefaultVal', tx(['默认值', 'Default']), 110),
                  fieldCells.flag('dbIsNull', tx(['必填', 'Required']), {
                    width: 60,
                    inverted: true,
                    testId: (_row, i) => `cgform-field-required-${i}`,
                  }),
                  flag('isShowForm', tx(['表单', 'Form'])),
                  flag('isShowList', tx(['列表', 'List'])),
                  flag('isQuery', tx(['查询', 'Search'])),
                  fieldCells.select(
                    'queryMode',
                    tx(['查询模式', 'Search mode']),
                    [
                      { value: 'single', label: tx(['精确', 'Exact']) },
                      { value: 'like', label: tx(['模糊', 'Contains']) },
                      { value: 'group', label: tx(['范围', 'Range']) },
                    ],
                    { width: 110, selectWidth: 100, fallback: 'single' },
                  ),
                  fieldCells.select(
                    'fieldShowType',
                    tx(['控件', 'Control']),
                    CGFORM_SHOW_TYPES.map((v) => ({ value: v, label: tx(SHOW_TYPE_LABELS[v]) })),
                    {
                      width: 110,
                      selectWidth: 100,
                      fallback: 'text',
                      popupMatchSelectWidth: false,
                      searchable: true,
                      testId: (_row, i) => `cgform-field-fieldShowType-${i}`,
                      changeOf: (row, v) => controlChange(row, v as CgformShowType),
                    },
                  ),
                  text(
                    'dictField',
                    tx(['字典Code', 'Dictionary']),
                    110,
                    (row) => !DICT_CONTROLS.has(controlOf(row)),
                  ),
                  // A table dictionary names a table and its text column, `dictField` then being the value
                  // column; a popup names its report, the report columns (dictField) and form fields (dictText).
                  text(
                    'dictTable',
                    tx(['字典表/报表', 'Dict table / report']),
                    110,
                    (row) => !LOOKUP_CONTROLS.has(controlOf(row)),
                  ),
                  text(
                    'dictText',
                    tx(['字典文本/目标字段', 'Dict text / targets']),
                    110,
                    (row) => !LOOKUP_CONTROLS.has(controlOf(row)),
                  ),
                  flag('isUnique', tx(['唯一', 'Unique'])),
                  flag('sortFlag', tx(['排序', 'Sort'])),
                  ...(tableType === CGFORM_TABLE_TYPES.sub
                    ? foreignKeyColumns<FieldRow>(tx, masters, setField)
                    : []),
                  fieldCells.remove(tx(['删除字段', 'Remove field'])),
                ]}
              />
            ),
          },
          {
            key: 'indexs',
            label: tx(['索引', 'Indexes']),
            children: (
              <EditedRows<IndexRow>
                rows={indexs}
                rowKey={(_, i) => String(i)}
                add={{
                  label: tx(['新增索引', 'Add index']),
                  onAdd: () => setIndexs([...indexs, { indexName: '', indexField: '', indexType: 'normal' }]),
                }}
                columns={[
                  indexCells.text('indexName', tx(['索引名', 'Name'])),
                  indexCells.text('indexField', tx(['字段(逗号分隔)', 'Fields (comma separated)'])),
                  indexCells.select(
                    'indexType',
                    tx(['类型', 'Type']),
                    [
                      { value: 'normal', label: tx(['普通', 'Normal']) },
                      { value: 'unique', label: tx(['唯一', 'Unique']) },
                    ],
                    { selectWidth: 110 },
                  ),
                  indexCells.remove(tx(['删除索引', 'Remove index'])),
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

export default function CgformHeadList() {
  const tx = useBilingual();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<string | null>(null);
  const [enhancing, setEnhancing] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: ['cgform-heads'] });

  const sync = async (row: Head, confirm = false) => {
    try {
      const env = await postEnvelope<{ changes: unknown[] }>(
        `/online/cgform/api/doDbSynch/${row.id}/normal${confirm ? '?confirm=true' : ''}`,
      );
      if (env.success) {
        message.success(tx(['同步数据库成功', 'Synced to the database']));
        refresh();
      } else if (env.code === 409) {
        modal.confirm({
          title: tx(['同步会丢失数据', 'The sync loses data']),
          content: env.message,
          okText: tx(['确认同步', 'Sync anyway']),
          okButtonProps: { danger: true },
          onOk: () => sync(row, true),
        });
      } else {
        message.error(env.message);
      }
    } catch (error) {
      showFailure(error);
    }
  };
  /** Runs a call on a row and says `done`; a failure the request layer has not shown is shown here. */
  const act = async (call: () => Promise<unknown>, done: string, reload: boolean) => {
    try {
      await call();
      message.success(done);
      if (reload) refresh();
    } catch (error) {
      showFailure(error);
    }
  };
  const addMenu = (row: Head) =>
    act(
      () => api.post('/online/cgform/head/addMenu', { id: row.id }),
      tx(['已加入菜单，请在角色管理中授权', 'Added to the menu; grant it to roles in Roles']),
      false,
    );
  const remove = (row: Head) =>
    act(() => api.delete('/online/cgform/head/delete', { id: row.id }), tx(['删除成功', 'Deleted']), true);

  return (
    <DesignerList<Head>
      title={tx(['在线表单开发', 'Online forms'])}
      addAction="online:cgform:add"
      addTestId="cgform-add"
      onAdd={() => setEditing('new')}
      searchPlaceholder={tx(['表名', 'Table name'])}
      queryKey="cgform-heads"
      url="/online/cgform/head/list"
      keywordQuery={(keyword) => ({ tableName: keyword })}
      columns={[
        { title: tx(['表名', 'Table name']), dataIndex: 'tableName' },
        {
          title: tx(['表描述', 'Title']),
          key: 'tableTxt',
          render: (_, row) => tx([row.tableTxt, row.tableTxtEn || row.tableTxt]),
        },
        {
          title: tx(['表类型', 'Type']),
          dataIndex: 'tableType',
          render: (v: number) =>
            v === 2 ? tx(['主表', 'Main']) : v === 3 ? tx(['附表', 'Sub']) : tx(['单表', 'Single']),
        },
        { title: tx(['版本', 'Version']), dataIndex: 'version', width: 70 },
        {
          title: tx(['同步状态', 'Synced']),
          dataIndex: 'isDbSynch',
          render: (v: string) =>
            v === 'Y' ? (
              <Tag color="green">{tx(['已同步', 'Synced'])}</Tag>
            ) : (
              <Tag color="orange">{tx(['未同步', 'Not synced'])}</Tag>
            ),
        },
        { title: tx(['创建时间', 'Created']), dataIndex: 'createTime', width: 170 },
        {
          title: tx(['操作', 'Actions']),
          key: 'actions',
          fixed: 'right',
          render: (_, row) => {
            // A form never synced has no table yet: nothing to open, list, copy or enhance.
            const unsynced = row.isDbSynch !== 'Y' && row.version === 1;
            return (
              <Space size={4} wrap>
                <RowLink action="online:cgform:edit" onClick={() => setEditing(row.id)}>
                  {tx(['编辑', 'Edit'])}
                </RowLink>
                <RowLink
                  action="online:cgform:sync"
                  data-testid={`cgform-sync-${row.tableName}`}
                  onClick={() => void sync(row)}
                >
                  {tx(['同步数据库', 'Sync'])}
                </RowLink>
                <RowLink disabled={unsynced} onClick={() => navigate(cgformScreenPath(row))}>
                  {tx(['功能测试', 'Open'])}
                </RowLink>
                <RowLink
                  action="online:cgform:edit"
                  disabled={unsynced}
                  data-testid={`cgform-menu-${row.tableName}`}
                  onClick={() => void addMenu(row)}
                >
                  {tx(['加入菜单', 'Add to menu'])}
                </RowLink>
                <RowLink
                  disabled={unsynced}
                  data-testid={`cgform-copies-${row.tableName}`}
                  onClick={() => navigate(`/online/copyform/${row.id}`)}
                >
                  {tx(['副本', 'Copies'])}
                </RowLink>
                <RowLink
                  action="online:cgform:edit"
                  disabled={unsynced}
                  data-testid={`cgform-enhance-${row.tableName}`}
                  onClick={() => setEnhancing(row.id)}
                >
                  {tx(['增强', 'Enhance'])}
                </RowLink>
                <RowDelete
                  action="online:cgform:delete"
                  title={tx(['删除表单及其空表?', 'Delete the form and its empty table?'])}
                  onConfirm={() => void remove(row)}
                />
              </Space>
            );
          },
        },
      ]}
    >
      <CgformEnhanceDrawer headId={enhancing} onClose={() => setEnhancing(null)} />
      <FormEditor
        id={editing}
        onClose={(saved) => {
          setEditing(null);
          if (saved) refresh();
        }}
      />
    </DesignerList>
  );
}
