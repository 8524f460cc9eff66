import { describe, expect, it } from 'vitest';
import { stableId } from '../../../seed/seed.ts';
import { useGrantTree } from '../../../test/grantTreeKit.ts';
import {
  flatten,
  importWithRefusals,
  STAFF_PASSWORD as PASSWORD,
  readXlsx,
  type TreeNode,
  xlsx,
} from '../user/accessTestKit.ts';

interface DepartNode {
  id: string;
  orgCode: string;
  departName: string;
  children?: DepartNode[];
}

describe('departments (system/DepartList): org codes, grants and department roles', () => {
  const { t, tokens, call, tree: menus } = useGrantTree();
  let settleId: string;
  let droleId: string;
  const userMenu = stableId('menu', '/system/user');
  const systemMenu = stableId('menu', '/system');

  const departs = async () =>
    flatten<DepartNode>((await call('GET', '/sys/sysDepart/queryTreeList')).json().result);
  const byName = async (name: string) => (await departs()).find((d) => d.departName === name) as DepartNode;
  const button = (perms: string) => menus.find((n) => n.perms === perms)?.key as string;

  it('generates org codes level by level, never twice, also when added at the same time', async () => {
    const root = await byName('智运通平台');
    const added = await call('POST', '/sys/sysDepart/add', {
      parentId: root.id,
      departName: '结算中心',
      mobile: '021-5555',
    });
    expect(added.json().result.orgCode).toBe('A01A04');
    settleId = added.json().result.id;
    const codes = await Promise.all(
      ['应付组', '应收组', '税务组'].map(
        async (departName) =>
          (await call('POST', '/sys/sysDepart/add', { parentId: settleId, departName })).json().result
            .orgCode,
      ),
    );
    expect(codes.sort()).toEqual(['A01A04A01', 'A01A04A02', 'A01A04A03']);
    const tax = await byName('税务组');
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${tax.id}`)).json().success).toBe(true);
    // A deleted department keeps its code.
    const next = await call('POST', '/sys/sysDepart/add', { parentId: settleId, departName: '票据组' });
    expect(next.json().result.orgCode).toBe('A01A04A04');
    const top = await call('POST', '/sys/sysDepart/add', { departName: '外部合作方' });
    expect(top.json().result.orgCode).toBe('A02');
    expect(
      (await call('POST', '/sys/sysDepart/add', { parentId: 'nosuch', departName: 'x' })).json().message,
    ).toBe('上级部门不存在');
    expect((await call('POST', '/sys/sysDepart/add', { departName: ' ' })).statusCode).toBe(400);

    const found = (await call('GET', `/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('组')}`)).json()
      .result;
    // The three concurrent adds got their codes in any order: the two kept, then the new one.
    const kept = codes.filter((code) => code !== tax.orgCode).sort();
    expect(found.map((d: DepartNode) => d.orgCode)).toEqual([...kept, 'A01A04A04']);
    await call('PUT', '/sys/sysDepart/edit', {
      id: settleId,
      departName: '结算中心',
      memo: '月结',
      parentId: 'ignored',
    });
    expect((await call('GET', `/sys/sysDepart/queryById?id=${settleId}`)).json().result).toMatchObject({
      memo: '月结',
      orgCode: 'A01A04',
    });
  });

  it('refuses deleting a department while users or child departments remain', async () => {
    const payable = await byName('应付组');
    await call('POST', '/sys/user/add', {
      username: 'pay01',
      realname: '应付一',
      password: PASSWORD,
      selecteddeparts: payable.id,
    });
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${settleId}`)).json().message).toBe(
      '该部门下还有下级部门，不能删除',
    );
    expect((await call('DELETE', `/sys/sysDepart/delete?id=${payable.id}`)).json().message).toBe(
      '该部门下还有用户，不能删除',
    );
    const token = await t.login('pay01', PASSWORD);
    const mine = (await call('GET', '/sys/sysDepart/queryMyDeptTreeList', undefined, token)).json().result;
    // Its own department only (which code it got depends on the order of the concurrent adds above).
    expect(mine.map((d: DepartNode) => d.orgCode)).toEqual([payable.orgCode]);
  });

  it('grants a department menus and data rules, which its roles share out to its own people', async () => {
    const granted = [systemMenu, userMenu, button('system:user:add'), button('system:user:edit')];
    const saved = await call('POST', '/sys/permission/saveDepartPermission', {
      departId: settleId,
      permissionIds: granted.join(','),
    });
    expect(saved.json().success).toBe(true);
    expect(
      (await call('GET', `/sys/permission/queryDepartPermission?departId=${settleId}`)).json().result.sort(),
    ).toEqual([...granted].sort());

    const role = await call('POST', '/sys/sysDepartRole/add', {
      departId: settleId,
      roleName: '结算专员',
      roleCode: 'settle_clerk',
    });
    droleId = role.json().result.id;
    const dup = await call('POST', '/sys/sysDepartRole/add', {
      departId: settleId,
      roleName: '重复',
      roleCode: 'settle_clerk',
    });
    expect(dup.json().message).toBe('该部门已有此角色编码');
    const list = (await call('GET', `/sys/sysDepartRole/list?deptId=${settleId}`)).json().result;
    expect(list.records.map((r: { roleCode: string }) => r.roleCode)).toEqual(['settle_clerk']);

    const tree = flatten<TreeNode>(
      (await call('GET', `/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${settleId}`)).json()
        .result.treeList,
    );
    expect(tree.map((n) => n.key).sort()).toEqual([...granted].sort());
    const outside = await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: droleId,
      permissionIds: [systemMenu, stableId('menu', '/system/role')].join(','),
    });
    expect(outside.json().message).toBe('部门未获授权的菜单不能分配给部门角色');
    const roleGrant = [systemMenu, userMenu, button('system:user:add')];
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: droleId,
      permissionIds: roleGrant.join(','),
    });
    expect(
      (await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${droleId}`))
        .json()
        .result.sort(),
    ).toEqual([...roleGrant].sort());

    // Only people of the department hold its roles.
    const agent = (await call('GET', '/sys/user/list?username=agent01')).json().result.records[0];
    const stranger = await call('POST', '/sys/sysDepartRole/addRoleUsers', { droleId, userIds: [agent.id] });
    expect(stranger.json().message).toBe('只能把部门角色分配给本部门的用户');
    await call('POST', '/sys/user/add', {
      username: 'settle01',
      realname: '结算一',
      password: PASSWORD,
      selecteddeparts: settleId,
    });
    const clerk = (await call('GET', '/sys/user/list?username=settle01')).json().result.records[0];
    const token = await t.login('settle01', PASSWORD);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(403);
    await call('POST', '/sys/sysDepartRole/deptRoleUserAdd', {
      userId: clerk.id,
      departId: settleId,
      newRoleId: droleId,
    });
    expect(
      (
        await call('GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${clerk.id}&departId=${settleId}`)
      ).json().result,
    ).toEqual([{ droleId, userId: clerk.id }]);
    const users = (await call('GET', `/sys/sysDepartRole/roleUserList?droleId=${droleId}`)).json().result
      .records;
    expect(users.map((u: { username: string }) => u.username)).toEqual(['settle01']);
    const perms = (await call('GET', '/sys/permission/getUserPermissionByToken', undefined, token)).json()
      .result;
    expect(perms.auth.map((a: { action: string }) => a.action)).toEqual(['system:user:add']);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(200);

    // Data rules: the department may hand out some of the menu's rules; its role picks among those.
    await call('POST', '/sys/permission/addPermissionRule', {
      permissionId: userMenu,
      ruleName: '本部门',
      ruleColumn: 'org_code',
      ruleConditions: 'RIGHT_LIKE',
      ruleValue: '#{sys_org_code}',
    });
    const [rule] = (
      await call('GET', `/sys/permission/getPermRuleListByPermId?permissionId=${userMenu}`)
    ).json().result;
    const notYet = await call('POST', '/sys/sysDepartRole/datarule', {
      permissionId: userMenu,
      departId: settleId,
      roleId: droleId,
      dataRuleIds: rule.id,
    });
    expect(notYet.json().message).toBe('部门未获授权的数据规则不能分配给部门角色');
    await call('POST', '/sys/sysDepartPermission/datarule', {
      permissionId: userMenu,
      departId: settleId,
      dataRuleIds: rule.id,
    });
    expect(
      (await call('GET', `/sys/sysDepartPermission/datarule/${userMenu}/${settleId}`)).json().result
        .drChecked,
    ).toBe(rule.id);
    const offered = (
      await call('GET', `/sys/sysDepartRole/datarule/${userMenu}/${settleId}/${droleId}`)
    ).json().result;
    expect(offered.datarule.map((r: { id: string }) => r.id)).toEqual([rule.id]);
    await call('POST', '/sys/sysDepartRole/datarule', {
      permissionId: userMenu,
      departId: settleId,
      roleId: droleId,
      dataRuleIds: rule.id,
    });
    const seen = (await call('GET', '/sys/user/list?pageSize=50', undefined, token)).json().result.records;
    // Own department and below (A01A04%): the clerk and the payables clerk, nobody else.
    expect(seen.map((u: { username: string }) => u.username).sort()).toEqual(['pay01', 'settle01']);

    // Taking the menu from the department takes it from its roles and their people.
    await call('POST', '/sys/permission/saveDepartPermission', {
      departId: settleId,
      permissionIds: systemMenu,
    });
    expect(
      (await call('GET', `/sys/sysDepartPermission/queryDeptRolePermission?roleId=${droleId}`)).json().result,
    ).toEqual([systemMenu]);
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(403);

    // Leaving the department ends its roles.
    await call('POST', '/sys/permission/saveDepartPermission', {
      departId: settleId,
      permissionIds: granted.join(','),
    });
    await call('POST', '/sys/sysDepartPermission/saveDeptRolePermission', {
      roleId: droleId,
      permissionIds: roleGrant.join(','),
    });
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(200);
    await call('PUT', '/sys/user/edit', {
      id: clerk.id,
      realname: '结算一',
      selecteddeparts: stableId('depart', 'A01A01'),
    });
    expect((await call('GET', '/sys/user/list', undefined, token)).statusCode).toBe(403);
  });

  it('deletes department roles and exports and imports departments with a per-row report', async () => {
    expect((await call('DELETE', `/sys/sysDepartRole/deleteBatch?ids=${droleId}`)).json().success).toBe(true);
    expect((await call('GET', `/sys/sysDepartRole/list?deptId=${settleId}`)).json().result.total).toBe(0);

    const file = await xlsx([
      ['机构名称', '上级机构编码', '机构类别', '电话'],
      ['华南大区', '', '公司', '020-1234'],
      ['广州站', 'A03', '组织机构', ''],
      ['无上级', 'Z99', '', ''],
      ['', 'A01', '', ''],
      ['坏电话', 'A01', '', 'abc'],
    ]);
    const report = await importWithRefusals(t, tokens.admin, '/sys/sysDepart/importExcel', file);
    expect(report.errors).toEqual([
      { row: 4, message: '上级机构编码不存在: Z99' },
      { row: 5, message: '机构名称: 请输入机构名称' },
      { row: 6, message: '电话: 请输入正确的电话号码' },
    ]);
    expect((await byName('广州站')).orgCode).toBe('A03A01');
    expect((await byName('华南大区')).orgCode).toBe('A03');

    const rows = await readXlsx((await call('GET', '/sys/sysDepart/exportXls')).rawPayload);
    expect(rows[0].slice(0, 3)).toEqual(['机构名称', '机构编码', '上级机构编码']);
    expect(rows.find((r) => r[0] === '广州站')?.slice(0, 5)).toEqual([
      '广州站',
      'A03A01',
      'A03',
      undefined,
      '组织机构',
    ]);
  });
});
