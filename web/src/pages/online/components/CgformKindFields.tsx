// The designer's choice of a form's kind: single, main or sub table (a sub-table names its master and
// relation, and its foreign key field the master's table and field), and a single table as a tree (parent,
// has-child and shown fields). The server checks all of it again and names the field it refuses.
import { CGFORM_TABLE_TYPES, type CgformField, type CgformHead, type Page } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Input, InputNumber, Select, Space } from 'antd';
import { useBilingual } from '../../../components/resource/text';
import { api } from '../../../services/request';

type Tx = ReturnType<typeof useBilingual>;

/** The head values of the kind controls. */
export type CgformKindValues = Partial<
  Pick<
    CgformHead,
    | 'tableType'
    | 'relationType'
    | 'tabOrderNum'
    | 'isTree'
    | 'treeParentIdField'
    | 'treeIdField'
    | 'treeFieldname'
  >
>;

/** The generated screen a form opens in: ERP list for a main form, tree list for a tree, else the auto list. */
export function cgformScreenPath(head: { id: string; tableType: number; isTree?: string | null }): string {
  if (head.tableType === CGFORM_TABLE_TYPES.main) return `/online/cgformErpList/${head.id}`;
  if (head.isTree === 'Y') return `/online/cgformTreeList/${head.id}`;
  return `/online/cgformList/${head.id}`;
}

/** Fields a tree needs, added when the designer makes the form a tree and they are not there yet. */
export function treeFieldsFor<F extends CgformField>(fields: F[], blank: (orderNum: number) => F): F[] {
  const wanted: Array<Partial<CgformField>> = [
    { dbFieldName: 'pid', dbFieldTxt: '父级节点', dbFieldTxtEn: 'Parent', dbLength: 32, isShowList: 0 },
    {
      dbFieldName: 'has_child',
      dbFieldTxt: '是否有子节点',
      dbFieldTxtEn: 'Has children',
      dbLength: 3,
      isShowForm: 0,
      isShowList: 0,
    },
  ];
  const missing = wanted.filter((w) => !fields.some((f) => f.dbFieldName === w.dbFieldName));
  return [...fields, ...missing.map((w, i) => ({ ...blank(fields.length + i + 1), ...w }))];
}

/** The head's kind controls (inside the designer's head form). */
export function CgformKindHead({ fieldNames, onTree }: { fieldNames: string[]; onTree: () => void }) {
  const tx = useBilingual();
  const form = Form.useFormInstance();
  const tableType = Form.useWatch('tableType', form) ?? 1;
  const isTree = Form.useWatch('isTree', form) === 'Y';
  const names = fieldNames.filter(Boolean).map((n) => ({ value: n, label: n }));
  // Its own row of controls: inside the designer's Space, one item laid out across.
  return (
    <Space wrap align="start">
      <Form.Item name="tableType" label={tx(['表类型', 'Form type'])} initialValue={1}>
        <Select
          style={{ width: 140 }}
          data-testid="cgform-table-type"
          options={[
            { value: 1, label: tx(['单表', 'Single']) },
            { value: 2, label: tx(['主表', 'Main']) },
            { value: 3, label: tx(['附表', 'Sub']) },
          ]}
        />
      </Form.Item>
      {tableType === CGFORM_TABLE_TYPES.sub && (
        <>
          <Form.Item name="relationType" label={tx(['映射关系', 'Relation'])} initialValue={0}>
            <Select
              style={{ width: 120 }}
              options={[
                { value: 0, label: tx(['一对多', 'One-to-many']) },
                { value: 1, label: tx(['一对一', 'One-to-one']) },
              ]}
            />
          </Form.Item>
          <Form.Item name="tabOrderNum" label={tx(['附表序号', 'Tab order'])}>
            <InputNumber min={0} style={{ width: 100 }} />
          </Form.Item>
        </>
      )}
      {tableType === CGFORM_TABLE_TYPES.single && (
        <Form.Item
          name="isTree"
          label={tx(['树表', 'Tree'])}
          valuePropName="checked"
          getValueProps={(v: string) => ({ checked: v === 'Y' })}
          getValueFromEvent={(e: { target: { checked: boolean } }) => (e.target.checked ? 'Y' : 'N')}
        >
          <Checkbox data-testid="cgform-is-tree" onChange={(e) => e.target.checked && onTree()} />
        </Form.Item>
      )}
      {tableType === CGFORM_TABLE_TYPES.single && isTree && (
        <>
          <Form.Item name="treeParentIdField" label={tx(['父级字段', 'Parent field'])} initialValue="pid">
            <Select style={{ width: 140 }} options={names} />
          </Form.Item>
          <Form.Item
            name="treeIdField"
            label={tx(['是否有子节点字段', 'Has-child field'])}
            initialValue="has_child"
          >
            <Select style={{ width: 140 }} options={names} />
          </Form.Item>
          <Form.Item name="treeFieldname" label={tx(['树显示字段', 'Shown field'])}>
            <Select style={{ width: 140 }} allowClear options={names} />
          </Form.Item>
        </>
      )}
    </Space>
  );
}

/** Columns of a sub-table's field rows: the master table (a main form) and the master field the key holds. */
export function foreignKeyColumns<F extends CgformField>(
  tx: Tx,
  masters: string[],
  setField: (index: number, change: Partial<F>) => void,
) {
  return [
    {
      title: tx(['主表', 'Master table']),
      key: 'mainTable',
      width: 150,
      render: (_: unknown, row: F, i: number) => (
        <Select
          size="small"
          allowClear
          style={{ width: 140 }}
          value={row.mainTable || undefined}
          data-testid={`cgform-field-mainTable-${i}`}
          options={masters.map((m) => ({ value: m, label: m }))}
          onChange={(v?: string) =>
            setField(i, { mainTable: v ?? null, mainField: v ? row.mainField || 'id' : null } as Partial<F>)
          }
        />
      ),
    },
    {
      title: tx(['主表字段', 'Master field']),
      key: 'mainField',
      width: 110,
      render: (_: unknown, row: F, i: number) => (
        <Input
          size="small"
          disabled={!row.mainTable}
          value={row.mainField ?? ''}
          onChange={(e) => setField(i, { mainField: e.target.value } as Partial<F>)}
        />
      ),
    },
  ];
}

/** Main forms a sub-table may name as master. */
export function useMasterTables(enabled: boolean): string[] {
  const masters = useQuery({
    queryKey: ['cgform-masters'],
    enabled,
    queryFn: () =>
      api.get<Page<{ tableName: string; tableType: number }>>('/online/cgform/head/list', { pageSize: 500 }),
  });
  return (masters.data?.records ?? [])
    .filter((h) => h.tableType === CGFORM_TABLE_TYPES.main)
    .map((h) => h.tableName);
}
