// 货主用户 (issue 7 §5, spec §7 `/customer/hyCustomerUser`): a shipper's staff. Adding one creates their login
// (userType 2, or 6 for a customer admin made by platform staff) with a password changed at first sign-in;
// editing keeps name, mobile and status of the login in step, and a new password resets it.
import { ProFormText } from '@ant-design/pro-components';
import { customerUserBody, customerUserEditBody, USER_TYPE } from '@freight/contracts';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { useSession } from '../../stores/session';
import { FieldItem } from '../wlhy/components/FieldItem';
import { RemoteSelect } from '../wlhy/components/RemoteSelect';

type Row = Record<string, unknown>;

/** Add and edit share the per-field checks; the password is optional on edit only. */
const schema = { shape: { ...customerUserBody.shape, password: customerUserEditBody.shape.password } };

/** A required rule is dropped on edit: an empty password keeps the current one. */
const optional = (rules: Rule[]) =>
  rules.filter((rule) => !(typeof rule === 'object' && 'required' in rule && rule.required));

export function customerUserPage(
  platformStaff: boolean,
  cid: string | null,
  passwordHint: string,
): ResourcePageDef {
  return {
    api: '/customer/hyCustomerUser',
    title: ['货主用户', 'Shipper staff'],
    perm: 'customer:user',
    schema,
    actions: { import: false },
    addDefaults: { userType: String(USER_TYPE.customer), status: '1' },
    // A customer's own users add to the customer they act for (the server insists on it too).
    toBody: (values) => (platformStaff ? values : { ...values, customerId: values.customerId ?? cid }),
    fields: [
      {
        name: 'customerId',
        label: ['所属货主', 'Shipper'],
        // Customer-side users always add staff to the customer they act for (the server sets it).
        required: platformStaff,
        form: platformStaff ? 'add' : false,
        list: false,
        detail: false,
        renderFormItem: (ctx) => (
          <FieldItem ctx={ctx}>
            <RemoteSelect
              api="/customer/hyCustomer/list"
              searchKey="customerName"
              query={{ state: 2 }}
              label={(r: Row) => String(r.customerName)}
              initialLabel={ctx.editingRow ? String(ctx.editingRow.customerName ?? '') : undefined}
              disabled={ctx.disabled}
              data-testid="customer-select"
            />
          </FieldItem>
        ),
      },
      {
        name: 'customerName',
        label: ['所属货主', 'Shipper'],
        form: false,
        search: platformStaff ? 'like' : false,
        sorter: true,
        list: { width: 200, ellipsis: true },
      },
      {
        name: 'username',
        label: ['登录账号', 'Login'],
        required: true,
        search: true,
        sorter: true,
        // The login name is set once.
        form: 'add',
        list: { fixed: 'left', width: 130 },
      },
      {
        name: 'password',
        label: ['登录密码', 'Password'],
        kind: 'password',
        required: true,
        list: false,
        detail: false,
        renderFormItem: ({ editing, editingRow: _row, rules, ...item }) => (
          <ProFormText.Password
            {...item}
            placeholder={editing ? passwordHint : undefined}
            rules={editing ? optional(rules) : rules}
            fieldProps={{ autoComplete: 'new-password' }}
          />
        ),
      },
      { name: 'realname', label: ['姓名', 'Name'], required: true, search: 'like', sorter: true },
      { name: 'mobile', label: ['手机号', 'Mobile'], required: true, search: true, list: { width: 130 } },
      {
        name: 'userType',
        label: ['用户类型', 'User type'],
        kind: 'dict',
        dict: 'user_type',
        options: [
          { value: USER_TYPE.customer, label: ['货主员工', 'Staff'] },
          { value: USER_TYPE.customerAdmin, label: ['货主管理员', 'Customer admin'] },
        ],
        search: true,
        // Only platform staff make customer admins, and only when adding.
        form: platformStaff ? 'add' : false,
        list: { width: 110 },
      },
      { name: 'post', label: ['职务', 'Position'], list: { width: 110 } },
      {
        name: 'status',
        label: ['状态', 'Status'],
        kind: 'dict',
        dict: 'customer_status',
        search: true,
        list: { width: 80 },
      },
      { name: 'remark', label: ['备注', 'Remark'], kind: 'textarea', list: false },
      {
        name: 'createTime',
        label: ['创建时间', 'Created'],
        kind: 'datetime',
        form: false,
        sorter: true,
        search: 'range',
      },
    ],
  };
}

export default function HyCustomerUserList() {
  const tx = useBilingual();
  const userType = useSession((s) => s.userType);
  const cid = useSession((s) => s.cid);
  const platformStaff = userType === USER_TYPE.system;
  const hint = tx(['留空则不修改', 'Leave empty to keep']);
  const def = useMemo(() => customerUserPage(platformStaff, cid, hint), [platformStaff, cid, hint]);
  return <ResourceListPage def={def} />;
}
