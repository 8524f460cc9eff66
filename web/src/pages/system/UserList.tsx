// 用户管理 (component `system/UserList`): users with roles, departments, position, tenants
// and avatar; unique account, mobile, e-mail and work number checked as they are typed; freeze and unfreeze in
// batch; an administrator's password reset; a recycle bin; online users; Excel export and import.
import { ProFormSelect, ProFormText, ProFormTreeSelect } from '@ant-design/pro-components';
import { userAddBody } from '@freight/contracts';
import { Avatar } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { confirmRules } from '../../components/auth/passwordRules';
import {
  createTimeField,
  type ResourceField,
  ResourceListPage,
  type ResourcePageDef,
} from '../../components/resource';
import type { Bilingual, FormItemContext, RowAction, ToolbarAction } from '../../components/resource/types';
import { useSignedUrl } from '../../components/upload';
import { api } from '../../services/request';
import { departSelectOptions, flattenDeparts, useDepartOptions } from './depart/departTree';
import { OnlineUsersModal } from './user/OnlineUsersModal';
import { PasswordModal } from './user/PasswordModal';
import { RecycleBinModal } from './user/RecycleBinModal';
import { uniqueRule } from './user/uniqueRule';
import { joinList, splitList, useUserFormOptions } from './user/userOptions';

type Row = Record<string, unknown>;

const ACTIVE = 1;
const FROZEN = 2;
/** Freezing and unfreezing users, one (a row's action) or the selection (the toolbar's, worded from the label). */
const FREEZING = [
  {
    key: 'freeze',
    from: ACTIVE,
    status: FROZEN,
    label: ['冻结', 'Freeze'],
    confirm: ['确定冻结该用户吗? 其登录会话将立即失效。', 'Freeze this user? Their sessions end at once.'],
  },
  {
    key: 'unfreeze',
    from: FROZEN,
    status: ACTIVE,
    label: ['解冻', 'Unfreeze'],
    confirm: ['确定解冻该用户吗?', 'Unfreeze this user?'],
  },
] as const;

/** A text field whose value must be free among users (reference checkOnlyUser). */
const uniqueText =
  (param: string) =>
  ({ editing: _editing, editingRow, ...item }: FormItemContext) => (
    <ProFormText
      {...item}
      validateTrigger={['onChange', 'onBlur']}
      rules={[...item.rules, uniqueRule('/sys/user/checkOnlyUser', param, editingRow)]}
    />
  );

/** A user's avatar through its signed link, the name's first character until it arrives or without one. */
function AvatarCell({ path, name }: { path: unknown; name: string }) {
  const src = useSignedUrl(path ? String(path) : null);
  return (
    <Avatar size="small" src={src}>
      {name.slice(0, 1)}
    </Avatar>
  );
}

/** A form-only field whose value is a list; the server's comma-string check is not the form's. */
const listChoiceField = (
  name: string,
  label: Bilingual,
  control: (item: Omit<FormItemContext, 'editing' | 'editingRow' | 'rules'>) => ReactNode,
): ResourceField => ({
  name,
  label,
  list: false,
  detail: false,
  renderFormItem: ({ editing: _e, editingRow: _r, rules: _rules, ...item }) => control(item),
});

export default function UserList() {
  const departs = useDepartOptions();
  const { roles, positions, tenants } = useUserFormOptions();
  const [passwordFor, setPasswordFor] = useState<string | null>(null);
  const [binOpen, setBinOpen] = useState(false);
  const [onlineOpen, setOnlineOpen] = useState(false);
  const reloadList = useRef<() => void>(() => undefined);

  const def = useMemo<ResourcePageDef>(() => {
    const tree = departs.data ?? [];
    const departByCode = new Map(flattenDeparts(tree).map((d) => [d.orgCode, d.title]));
    const freeze =
      (status: typeof ACTIVE | typeof FROZEN) => async (rows: Row[], helpers: { reload: () => void }) => {
        await api.put('/sys/user/frozenBatch', { ids: rows.map((r) => String(r.id)).join(','), status });
        helpers.reload();
      };
    const fields: ResourceField[] = [
      {
        name: 'avatar',
        label: ['头像', 'Avatar'],
        kind: 'image',
        biz: 'avatar',
        list: { width: 72 },
        render: (value, row) => <AvatarCell path={value} name={String(row.realname ?? '')} />,
      },
      {
        name: 'username',
        label: ['用户账号', 'Account'],
        required: true,
        search: true,
        sort: true,
        form: 'add',
        list: { width: 130, fixed: 'left' },
        renderFormItem: uniqueText('username'),
      },
      { name: 'realname', label: ['用户姓名', 'Name'], required: true, search: true, sort: true },
      {
        name: 'password',
        label: ['登录密码', 'Password'],
        kind: 'password',
        form: 'add',
        required: true,
        list: false,
        detail: false,
      },
      {
        name: 'confirmpassword',
        label: ['确认密码', 'Confirm password'],
        kind: 'password',
        form: 'add',
        list: false,
        detail: false,
        renderFormItem: ({ editing, editingRow: _row, rules: _rules, ...item }) =>
          editing ? null : (
            <ProFormText.Password {...item} dependencies={['password']} rules={confirmRules()} />
          ),
      },
      { name: 'sex', label: ['性别', 'Sex'], kind: 'dict', dict: 'sex', search: true, list: { width: 70 } },
      { name: 'birthday', label: ['生日', 'Birthday'], kind: 'date', list: false },
      {
        name: 'phone',
        label: ['手机号', 'Mobile'],
        search: true,
        list: { width: 130 },
        renderFormItem: uniqueText('phone'),
      },
      {
        name: 'email',
        label: ['邮箱', 'E-mail'],
        list: { width: 180, ellipsis: true },
        renderFormItem: uniqueText('email'),
      },
      { name: 'workNo', label: ['工号', 'Work no.'], sort: true, renderFormItem: uniqueText('workNo') },
      {
        name: 'post',
        label: ['职务', 'Position'],
        options: positions.map((p) => ({ value: p.code, label: p.name })),
        kind: 'dict',
        list: { width: 110 },
      },
      listChoiceField('selectedroles', ['角色', 'Roles'], (item) => (
        <ProFormSelect
          {...item}
          mode="multiple"
          showSearch
          options={roles.map((r) => ({ value: r.id, label: r.roleName }))}
          fieldProps={{ optionFilterProp: 'label' }}
        />
      )),
      listChoiceField('selecteddeparts', ['所属部门', 'Departments'], (item) => (
        <ProFormTreeSelect
          {...item}
          fieldProps={{
            treeData: tree,
            // Each department on its own: belonging to a department says nothing of its children.
            multiple: true,
            treeDefaultExpandAll: true,
            showSearch: true,
            treeNodeFilterProp: 'title',
          }}
        />
      )),
      {
        name: 'departId',
        label: ['部门', 'Department'],
        options: departSelectOptions(tree),
        search: true,
        list: false,
        form: false,
        detail: false,
      },
      {
        name: 'orgCode',
        label: ['当前部门', 'Current department'],
        form: false,
        sort: true,
        list: { width: 130 },
        render: (value) => (value ? (departByCode.get(String(value)) ?? String(value)) : '--'),
      },
      { name: 'userType', label: ['用户类型', 'User type'], kind: 'dict', dict: 'user_type', search: true },
      {
        name: 'relTenantIds',
        label: ['租户', 'Tenants'],
        list: { width: 120 },
        render: (value) =>
          splitList(value)
            .map((id) => tenants.find((t) => String(t.id) === id)?.name ?? id)
            .join('，') || '--',
        // The list's value is an array; the server's comma-string check is not the form's.
        renderFormItem: ({ editing: _e, editingRow: _r, rules: _rules, ...item }) => (
          <ProFormSelect
            {...item}
            mode="multiple"
            options={tenants.filter((t) => t.id > 0).map((t) => ({ value: String(t.id), label: t.name }))}
          />
        ),
      },
      { name: 'telephone', label: ['座机', 'Telephone'], list: false },
      {
        name: 'status',
        label: ['状态', 'Status'],
        kind: 'dict',
        dict: 'user_status',
        search: true,
        sort: true,
        form: false,
        list: { width: 80 },
      },
      createTimeField({ search: 'range' }),
    ];
    return {
      api: '/sys/user',
      title: ['用户管理', 'Users'],
      perm: 'system:user',
      schema: userAddBody,
      formWidth: 820,
      defaultSort: { column: 'createTime', order: 'desc' },
      fields,
      editValues: async (row) => {
        const [roleIds, userDeparts] = await Promise.all([
          api.get<string[]>('/sys/user/queryUserRole', { userid: row.id }),
          api.get<Array<{ key: string }>>('/sys/user/userDepartList', { userId: row.id }),
        ]);
        return {
          selectedroles: roleIds,
          selecteddeparts: userDeparts.map((d) => d.key),
          relTenantIds: splitList(row.relTenantIds),
        };
      },
      toBody: (values) => {
        const { confirmpassword: _c, ...body } = values;
        return {
          ...body,
          selectedroles: joinList(body.selectedroles) ?? '',
          selecteddeparts: joinList(body.selecteddeparts) ?? '',
          relTenantIds: joinList(body.relTenantIds) ?? '',
        };
      },
      rowActions: [
        {
          key: 'password',
          label: ['密码', 'Password'],
          perm: 'system:user:password',
          run: (row) => setPasswordFor(String(row.username)),
        },
        ...FREEZING.map(
          (f): RowAction => ({
            key: f.key,
            label: f.label,
            perm: 'system:user:frozen',
            danger: f.status === FROZEN,
            visible: (row) => Number(row.status) === f.from,
            confirm: f.confirm,
            run: (row, helpers) => freeze(f.status)([row], helpers),
          }),
        ),
      ],
      toolbar: [
        ...FREEZING.map(
          (f): ToolbarAction => ({
            key: `${f.key}Batch`,
            label: [`批量${f.label[0]}`, `${f.label[1]} selected`],
            perm: 'system:user:frozen',
            batch: true,
            confirm: [`确定${f.label[0]}选中的用户吗?`, `${f.label[1]} the selected users?`],
            run: freeze(f.status),
          }),
        ),
        {
          key: 'recycleBin',
          label: ['回收站', 'Recycle bin'],
          perm: 'system:user:delete',
          run: (_rows, helpers) => {
            reloadList.current = helpers.reload;
            setBinOpen(true);
          },
        },
        {
          key: 'online',
          label: ['在线用户', 'Online users'],
          perm: 'system:user:list',
          run: () => setOnlineOpen(true),
        },
      ],
    };
  }, [departs.data, roles, positions, tenants]);

  return (
    <>
      <ResourceListPage def={def} />
      <PasswordModal username={passwordFor} onClose={() => setPasswordFor(null)} />
      <RecycleBinModal
        open={binOpen}
        onClose={(changed) => {
          setBinOpen(false);
          if (changed) reloadList.current();
        }}
      />
      <OnlineUsersModal open={onlineOpen} onClose={() => setOnlineOpen(false)} />
    </>
  );
}
