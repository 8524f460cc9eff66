// 用户管理 (component `system/UserList`): users with roles, departments, position, tenants
// and avatar; unique account, mobile, e-mail and work number checked as they are typed; freeze and unfreeze in
// batch; an administrator's password reset; a recycle bin; online users; Excel export and import.
import { ProFormSelect, ProFormText, ProFormTreeSelect } from '@ant-design/pro-components';
import { userResource } from '@freight/contracts';
import { Avatar } from 'antd';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { confirmRules } from '../../components/auth/passwordRules';
import {
  pageOf,
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
): ResourceField & { after: 'post' } => ({
  name,
  label,
  after: 'post',
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
    const page = pageOf(userResource, {
      fields: {
        avatar: { render: (value, row) => <AvatarCell path={value} name={String(row.realname ?? '')} /> },
        username: { renderFormItem: uniqueText('username') },
        phone: { renderFormItem: uniqueText('phone') },
        email: { renderFormItem: uniqueText('email') },
        workNo: { renderFormItem: uniqueText('workNo') },
        post: { options: positions.map((p) => ({ value: p.code, label: p.name })) },
        orgCode: { render: (value) => (value ? (departByCode.get(String(value)) ?? String(value)) : '--') },
        relTenantIds: {
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
      },
      extraFields: [
        {
          name: 'confirmpassword',
          label: ['确认密码', 'Confirm password'],
          kind: 'password',
          form: 'add',
          list: false,
          detail: false,
          after: 'password',
          renderFormItem: ({ editing, editingRow: _row, rules: _rules, ...item }) =>
            editing ? null : (
              <ProFormText.Password {...item} dependencies={['password']} rules={confirmRules()} />
            ),
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
      ],
    });
    const departOptions = departSelectOptions(tree);
    return {
      ...page,
      // The department search box picks from the tree the list's departments come from.
      fields: page.fields.map((field) =>
        field.name === 'departId' ? { ...field, options: departOptions } : field,
      ),
      formWidth: 820,
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
