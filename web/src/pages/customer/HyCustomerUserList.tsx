// 货主用户 (`/customer/hyCustomerUser`): a shipper's staff. Adding one creates their login
// (userType 2, or 6 for a customer admin made by platform staff) with a password changed at first sign-in;
// editing keeps name, mobile and status of the login in step, and a new password resets it.
import { ProFormText } from '@ant-design/pro-components';
import { customerUserBody, customerUserEditBody, customerUserResource, USER_TYPE } from '@freight/contracts';
import type { Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { pageOf, ResourceListPage, type ResourcePageDef } from '../../components/resource';
import { useBilingual } from '../../components/resource/text';
import { useSession } from '../../stores/session';
import { shipperField, usePlatformStaff } from './components/shipperField';

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
  return pageOf(customerUserResource, {
    schema,
    addDefaults: { userType: String(USER_TYPE.customer), status: '1' },
    // A customer's own users add to the customer they act for (the server insists on it too).
    toBody: (values) => (platformStaff ? values : { ...values, customerId: values.customerId ?? cid }),
    fields: {
      // Customer-side users always add staff to the customer they act for (the server sets it).
      customerId: shipperField(platformStaff),
      customerName: { search: platformStaff ? 'like' : false },
      userType: { form: platformStaff ? 'add' : false },
    },
    extraFields: [
      {
        name: 'password',
        after: 'username',
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
    ],
  });
}

export default function HyCustomerUserList() {
  const tx = useBilingual();
  const cid = useSession((s) => s.cid);
  const platformStaff = usePlatformStaff();
  const hint = tx(['留空则不修改', 'Leave empty to keep']);
  const def = useMemo(() => customerUserPage(platformStaff, cid, hint), [platformStaff, cid, hint]);
  return <ResourceListPage def={def} />;
}
