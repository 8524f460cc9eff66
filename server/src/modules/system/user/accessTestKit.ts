// Helpers of the access-control API tests (users, roles, menus, departments): the shared calls and files,
// and a flat walk over the permission tree.
export { api } from '../../../test/harness.ts';
export {
  caller,
  importWithRefusals,
  type Method,
  readXlsx,
  upload,
  useAdminApi,
  xlsx,
} from '../../../test/kit.ts';

/** The password given to the staff accounts the access tests add. */
export const STAFF_PASSWORD = 'Staff#2026a';

export interface TreeNode {
  key: string;
  title: string;
  perms?: string | null;
  children?: TreeNode[];
}

/** Every node of a tree, each parent before its children. */
export function flatten<T extends { children?: T[] }>(nodes: T[]): T[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}
