import { beforeAll } from 'vitest';
import { flatten, type TreeNode } from '../modules/system/user/accessTestKit.ts';
import { useAdminApi } from './kit.ts';

/**
 * The admin's API and the grant tree of the role and department screens (every menu and button), read once
 * the app has started and flattened, each parent before its children.
 */
export function useGrantTree() {
  const api = useAdminApi();
  const tree: TreeNode[] = [];
  beforeAll(async () => {
    tree.push(
      ...flatten<TreeNode>((await api.call('GET', '/sys/role/queryTreeList')).json().result.treeList),
    );
  });
  return { ...api, tree };
}
