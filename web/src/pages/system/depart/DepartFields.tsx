// The fields of a department (add dialog and the edit form beside the tree).
import { ProFormDigit, ProFormRadio, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import { useBilingual } from '../../../components/resource/text';

export interface Depart {
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

export type DepartValues = Omit<Depart, 'id' | 'orgCode'>;

const CATEGORIES = [
  { value: '1', label: ['公司', 'Company'] },
  { value: '2', label: ['部门', 'Department'] },
  { value: '3', label: ['岗位', 'Post'] },
] as const;

export function DepartFields() {
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
