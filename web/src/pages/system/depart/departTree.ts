// The department tree as the access screens use it: a tree select of the user form, the filter of the user
// and address lists, the org code of a node.
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../services/request';

export interface DepartOption {
  key: string;
  value: string;
  title: string;
  orgCode: string;
  children?: DepartOption[];
}

/** Every live department as a tree (login access: the user form needs it without the department screen). */
export function useDepartOptions() {
  return useQuery({
    queryKey: ['sys', 'departIdTree'],
    queryFn: () => api.get<DepartOption[]>('/sys/sysDepart/queryIdTree'),
    staleTime: 60_000,
  });
}

export function flattenDeparts(nodes: DepartOption[], depth = 0): Array<DepartOption & { depth: number }> {
  return nodes.flatMap((n) => [{ ...n, depth }, ...flattenDeparts(n.children ?? [], depth + 1)]);
}

/** Options of a flat select: the name indented by its level, so the tree still reads in a plain list. */
export function departSelectOptions(nodes: DepartOption[]) {
  return flattenDeparts(nodes).map((d) => ({
    value: d.value,
    label: `${'\u3000'.repeat(d.depth)}${d.title}`,
  }));
}
