// Helpers of the access-control API tests (users, roles, menus, departments): the shared calls and files,
// and a flat walk over the permission tree.
export { api } from '../../../test/harness.ts';
export { caller, expectRefused, type Method, readXlsx, upload, xlsx } from '../../../test/kit.ts';

export interface TreeNode {
  key: string;
  title: string;
  perms?: string | null;
  children?: TreeNode[];
}

export function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
