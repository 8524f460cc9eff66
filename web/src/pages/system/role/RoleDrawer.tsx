// A role's permissions and users in a drawer, opened from the role's row (roles and department roles).
import { Tabs } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { SideDrawer } from '../../../components/common/SideDrawer';
import type { RowAction } from '../../../components/resource';
import { useBilingual } from '../../../components/resource/text';
import type { Bilingual } from '../../../components/resource/types';
import { type GrantSource, PermissionGrant } from './PermissionGrant';
import { type MembersSource, RoleUsers } from './RoleUsers';

type Row = Record<string, unknown>;
type Tab = 'users' | 'grant';
type OpenRole = { role: Row; tab: Tab };

/** What the drawer shows of a role: its permissions and its users. */
interface RoleSources {
  grant: GrantSource;
  members: MembersSource;
}

/**
 * Which role the drawer shows and on which tab, with the row actions that open it; `sourcesOf` (a stable
 * function) says where the open role's permissions and users are read and saved.
 */
export function useRoleDrawer(perms: Record<Tab, string>, sourcesOf: (roleId: string) => RoleSources) {
  const [open, setOpen] = useState<OpenRole | null>(null);
  const roleId = open ? String(open.role.id) : '';
  const sources = useMemo(() => (roleId ? sourcesOf(roleId) : null), [roleId, sourcesOf]);
  const rowActions = useMemo<RowAction[]>(
    () => [
      {
        key: 'users',
        label: ['用户', 'Users'],
        perm: perms.users,
        run: (row) => setOpen({ role: row, tab: 'users' }),
      },
      {
        key: 'grant',
        label: ['授权', 'Permissions'],
        perm: perms.grant,
        run: (row) => setOpen({ role: row, tab: 'grant' }),
      },
    ],
    [perms.users, perms.grant],
  );
  const drawer = {
    open,
    onChange: setOpen,
    grant: sources?.grant ?? null,
    members: sources?.members ?? null,
  };
  return { drawer, rowActions };
}

export function RoleDrawer({
  open,
  onChange,
  kind,
  grant,
  members,
  grantLabel,
  grantIntro,
  showGrant = true,
  showUsers = true,
}: {
  open: OpenRole | null;
  onChange: (open: OpenRole | null) => void;
  /** What the title calls the role. */
  kind: Bilingual;
  grant: GrantSource | null;
  members: MembersSource | null;
  grantLabel: Bilingual;
  /** Shown above the permission tree. */
  grantIntro?: ReactNode;
  showGrant?: boolean;
  showUsers?: boolean;
}) {
  const tx = useBilingual();
  return (
    <SideDrawer
      open={Boolean(open)}
      onClose={() => onChange(null)}
      width={860}
      title={open ? `${String(open.role.roleName)} · ${tx(kind)}` : ''}
    >
      {open && grant && members && (
        <Tabs
          activeKey={open.tab}
          onChange={(tab) => onChange({ ...open, tab: tab as Tab })}
          items={[
            {
              key: 'grant',
              shown: showGrant,
              label: tx(grantLabel),
              children: (
                <>
                  {grantIntro}
                  <PermissionGrant source={grant} canSave />
                </>
              ),
            },
            {
              key: 'users',
              shown: showUsers,
              label: tx(['角色用户', 'Users of the role']),
              children: <RoleUsers source={members} canEdit />,
            },
          ]
            .filter((tab) => tab.shown)
            .map(({ shown: _shown, ...tab }) => tab)}
        />
      )}
    </SideDrawer>
  );
}
