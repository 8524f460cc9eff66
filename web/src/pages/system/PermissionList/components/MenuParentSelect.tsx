// The parent picker of the menu form: the menu tree without buttons and, when editing, without the entry
// itself and its descendants (the server refuses those as well).
import { ProFormTreeSelect } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import type { FormItemContext } from '../../../../components/resource';
import { useBilingual } from '../../../../components/resource/text';
import { api } from '../../../../services/request';

export const MENU_TREE_KEY = ['permissionMenuTree'];
const BUTTON = 2;

export interface MenuNode {
  id: string;
  name: string;
  menuType: number;
  children?: MenuNode[];
}

interface Option {
  value: string;
  title: string;
  children?: Option[];
}

export function parentOptions(nodes: MenuNode[], exceptId: string | null): Option[] {
  return nodes
    .filter((node) => node.menuType !== BUTTON && node.id !== exceptId)
    .map((node) => {
      const children = parentOptions(node.children ?? [], exceptId);
      return { value: node.id, title: node.name, ...(children.length ? { children } : {}) };
    });
}

export function MenuParentSelect({ ctx }: { ctx: FormItemContext }) {
  const tx = useBilingual();
  const tree = useQuery({
    queryKey: MENU_TREE_KEY,
    queryFn: () => api.get<MenuNode[]>('/sys/permission/list'),
    staleTime: 30_000,
  });
  const exceptId = ctx.editingRow ? String(ctx.editingRow.id) : null;
  return (
    <ProFormTreeSelect
      name={ctx.name}
      label={ctx.label}
      colProps={ctx.colProps}
      rules={[...ctx.rules, { required: true, message: tx(['请选择上级菜单', 'Choose the parent menu']) }]}
      fieldProps={{
        loading: tree.isLoading,
        treeData: parentOptions(tree.data ?? [], exceptId),
        showSearch: true,
        treeNodeFilterProp: 'title',
        allowClear: true,
        popupMatchSelectWidth: false,
        placeholder: tx(['请选择上级菜单', 'Choose the parent menu']),
      }}
    />
  );
}
