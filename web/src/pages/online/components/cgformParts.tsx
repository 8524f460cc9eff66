// What every generated screen of an online form shares (auto, tree, ERP and inner-table lists): the stored
// definition arrives as a resource declaration (getColumns) and becomes the page declaration the one list
// page renders; a main form's sub-tables come with it, edited as rows inside the master's form.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { CgformField, CgformHead, ResourceDecl } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, InputNumber, Select, Skeleton, Table } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { matchPath, useLocation } from 'react-router';
import { pageOf } from '../../../components/resource/pageOf';
import { useBilingual } from '../../../components/resource/text';
import type { ResourceField, ResourcePageDef } from '../../../components/resource/types';
import { useCan } from '../../../components/resource/useCan';
import { api, errorText } from '../../../services/request';
import { useSession } from '../../../stores/session';
import { runEnhancement } from '../enhanceRunner';

type Row = Record<string, unknown>;

/** A main form's sub-table as getColumns describes it: its own declaration and its foreign key field. */
export interface CgformSub {
  code: string;
  tableName: string;
  tableTxt: string;
  key: string;
  oneToOne: boolean;
  decl: ResourceDecl;
  fields: CgformField[];
}

export interface CgformColumns {
  code: string;
  tableName: string;
  tableTxt: string;
  decl: ResourceDecl;
  fields: CgformField[];
  head: Omit<CgformHead, 'id'>;
  subs: CgformSub[];
}

/** The form's id in a generated screen's address: `/online/cgformList/:code`, `/online/cgformErpList/:code`… */
export function cgformCodeOf(pathname: string): string {
  const m = matchPath({ path: '/online/:screen/:code', end: false }, pathname);
  return m?.params.code && m.params.screen?.startsWith('cgform') ? decodeURIComponent(m.params.code) : '';
}

/** The form's id in the address of the screen being shown. */
export function useCgformCode(): string {
  return cgformCodeOf(useLocation().pathname);
}

/** What a generated screen is built from: the form's list page, its columns and each sub form's page. */
export interface CgformParts {
  def: ResourcePageDef;
  columns: CgformColumns;
  subDef: (sub: CgformSub) => ResourcePageDef;
}

/** Holders of the designer's edit code work with every form's data (the server allows them too). */
const DESIGN_CODE = 'online:cgform:edit';

/** Buttons of a form's list: its own codes (`<perm>:add`…), or the designer's code for designers. */
function buttonCodesOf(perm: string, designer: boolean): ResourcePageDef['buttonCodes'] {
  if (designer)
    return {
      add: DESIGN_CODE,
      edit: DESIGN_CODE,
      delete: DESIGN_CODE,
      batch_delete: DESIGN_CODE,
      export: DESIGN_CODE,
      import: DESIGN_CODE,
    };
  return {
    add: `${perm}:add`,
    edit: `${perm}:edit`,
    delete: `${perm}:delete`,
    batch_delete: `${perm}:delete`,
    export: `${perm}:export`,
    import: `${perm}:import`,
  };
}

interface CustomButton {
  buttonCode: string;
  buttonName: string;
  buttonNameEn: string | null;
  js: string | null;
  sql: boolean;
}

type Notify = (text: string, level: 'success' | 'info' | 'warning' | 'error') => void;

/** A custom button runs its JS in the sandbox (fields it sets are saved), then its SQL, if any. */
function customActionsOf(
  columns: CgformColumns,
  buttons: CustomButton[],
  editCode: string,
  notify: Notify,
): NonNullable<ResourcePageDef['rowActions']> {
  const headId = columns.code;
  return buttons.map((button) => ({
    key: `enhance-${button.buttonCode}`,
    label: [button.buttonName, button.buttonNameEn || button.buttonName] as [string, string],
    perm: editCode,
    run: async (row: Row, helpers: { reload: () => void }) => {
      if (button.js) {
        const result = await runEnhancement({
          headId,
          buttonCode: button.buttonCode,
          code: button.js,
          row,
          onMessage: notify,
        });
        if (result.error) throw new Error(result.error);
        if (Object.keys(result.changed).length)
          await api.put(`${columns.decl.path}/edit`, { ...result.changed, id: row.id });
      }
      if (button.sql)
        await api.post(`/online/cgform/enhance/run/${headId}/${button.buttonCode}`, { id: row.id });
      helpers.reload();
    },
  }));
}

/**
 * Loads a form's declaration (or, with `columnsUrl`, a copy's view of it, still read and written through the
 * form's own routes and codes) and renders what `build` makes of its page declaration; the loading and error
 * states and the custom buttons are the same on every generated screen.
 */
export function CgformScreen({
  code,
  columnsUrl,
  build,
}: {
  code: string;
  columnsUrl?: string;
  build: (parts: CgformParts) => ReactNode;
}) {
  const tx = useBilingual();
  const can = useCan();
  const { message } = App.useApp();
  const designer = can(DESIGN_CODE);
  const meta = useQuery({
    queryKey: ['cgform-columns', code, columnsUrl],
    queryFn: () =>
      api.get<CgformColumns>(columnsUrl ?? `/online/cgform/api/getColumns/${encodeURIComponent(code)}`),
    enabled: !!code,
  });
  const formId = meta.data?.code;
  const buttons = useQuery({
    queryKey: ['cgform-buttons', formId],
    queryFn: () =>
      api.get<CustomButton[]>(`/online/cgform/enhance/buttons/${encodeURIComponent(formId ?? '')}`),
    enabled: !!formId,
  });
  const def = useMemo(() => {
    if (!meta.data) return null;
    const perm = meta.data.decl.permission;
    const editCode = designer ? DESIGN_CODE : `${perm}:edit`;
    const notify: Notify = (text, level) => message[level](text);
    return pageOf(meta.data.decl, {
      buttonCodes: buttonCodesOf(perm, designer),
      rowActions: customActionsOf(meta.data, buttons.data ?? [], editCode, notify),
    });
  }, [meta.data, designer, buttons.data, message]);
  if (!code) return <Alert type="error" showIcon message={tx(['缺少表单编码', 'No form code'])} />;
  if (meta.isError) return <Alert type="error" showIcon message={errorText(meta.error)} />;
  if (!def || !meta.data) return <Skeleton active />;
  const columns = meta.data;
  // A sub-table's rows are part of the master's screen: the master's codes grant its buttons.
  const subDef = (sub: CgformSub) =>
    pageOf(sub.decl, {
      buttonCodes: buttonCodesOf(columns.decl.permission, designer),
      fields: { [sub.key]: { list: false, search: false, form: 'hidden', detail: false } },
    });
  return <>{build({ def, columns, subDef })}</>;
}

/** The master's add/edit form with its sub-tables' rows (saved with it in one transaction). */
export function withSubRows(def: ResourcePageDef, columns: CgformColumns): ResourcePageDef {
  if (columns.subs.length === 0) return def;
  return {
    ...def,
    formWidth: 960,
    fields: [...def.fields, ...columns.subs.map(subRowsField)],
    // The edit form opens with the sub rows the record has.
    editValues: (row) =>
      api.get<Row>(
        `/online/cgform/api/form/${encodeURIComponent(columns.code)}/${encodeURIComponent(String(row.id))}`,
      ),
  };
}

function subRowsField(sub: CgformSub): ResourceField {
  return {
    name: sub.tableName,
    label: [sub.tableTxt, sub.tableTxt],
    kind: 'text',
    list: false,
    search: false,
    detail: false,
    export: false,
    import: false,
    form: true,
    wide: true,
    renderFormItem: ({ name, label }) => (
      <Col span={24} key={name}>
        <SubRowsEditor sub={sub} name={name} label={label} />
      </Col>
    ),
  };
}

/** The sub rows of the master's form: one line per row, the sub-table's form fields as its cells. */
function SubRowsEditor({ sub, name, label }: { sub: CgformSub; name: string; label: string }) {
  const tx = useBilingual();
  const dicts = useSession((s) => s.dictItems);
  const shown = sub.fields
    .filter((f) => f.isShowForm === 1 && f.dbFieldName !== sub.key)
    .sort((a, b) => a.orderNum - b.orderNum);
  const control = (f: CgformField) => {
    if (f.dictField && (f.fieldShowType === 'list' || f.fieldShowType === 'radio'))
      return (
        <Select
          allowClear
          style={{ minWidth: 120 }}
          options={(dicts[f.dictField] ?? []).map((i) => ({ value: String(i.value), label: i.text }))}
        />
      );
    if (f.dbType === 'int' || f.dbType === 'double' || f.dbType === 'BigDecimal')
      return <InputNumber style={{ width: '100%' }} />;
    return <Input placeholder={f.dbType === 'Date' ? 'YYYY-MM-DD' : undefined} />;
  };
  return (
    <Form.Item label={label} data-testid={`sub-rows-${sub.tableName}`}>
      <Form.List name={name}>
        {(rows, { add, remove }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={rows}
              scroll={{ x: 'max-content' }}
              columns={[
                ...shown.map((f) => ({
                  key: f.dbFieldName,
                  title: tx([f.dbFieldTxt, f.dbFieldTxtEn || f.dbFieldTxt]),
                  render: (_: unknown, row: { name: number }) => (
                    <Form.Item
                      name={[row.name, f.dbFieldName]}
                      style={{ margin: 0 }}
                      rules={
                        f.dbIsNull === 0 && !f.dbDefaultVal
                          ? [{ required: true, message: `${f.dbFieldTxt}不能为空` }]
                          : []
                      }
                    >
                      {control(f)}
                    </Form.Item>
                  ),
                })),
                {
                  key: 'remove',
                  width: 56,
                  render: (_: unknown, row: { name: number }) => (
                    <>
                      <Form.Item name={[row.name, 'id']} hidden noStyle />
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={tx(['删除行', 'Remove row'])}
                        onClick={() => remove(row.name)}
                      />
                    </>
                  ),
                },
              ]}
            />
            {(!sub.oneToOne || rows.length === 0) && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({})}
                style={{ marginTop: 8 }}
              >
                {tx([`添加${sub.tableTxt}`, `Add ${sub.tableTxt}`])}
              </Button>
            )}
          </>
        )}
      </Form.List>
    </Form.Item>
  );
}
