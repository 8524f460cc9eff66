// Options of the user form: roles, positions and tenants (each readable with the user list's own code).
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../services/request';

export interface RoleOption {
  id: string;
  roleName: string;
  roleCode: string;
}
export interface PositionOption {
  code: string;
  name: string;
}
export interface TenantOption {
  id: number;
  name: string;
  status: number;
}

export function useUserFormOptions() {
  const roles = useQuery({
    queryKey: ['sys', 'roles'],
    queryFn: () => api.get<RoleOption[]>('/sys/role/queryall'),
  });
  const positions = useQuery({
    queryKey: ['sys', 'positions'],
    queryFn: () => api.get<PositionOption[]>('/sys/position/queryList'),
  });
  const tenants = useQuery({
    queryKey: ['sys', 'tenants'],
    queryFn: () => api.get<TenantOption[]>('/sys/tenant/queryList'),
  });
  return { roles: roles.data ?? [], positions: positions.data ?? [], tenants: tenants.data ?? [] };
}

/** "a,b" ⇄ ["a","b"] for the comma fields of the reference (selectedroles, rel_tenant_ids). */
export const splitList = (value: unknown): string[] =>
  typeof value === 'string'
    ? value.split(',').filter(Boolean)
    : Array.isArray(value)
      ? value.map(String)
      : [];
export const joinList = (value: unknown): string | undefined =>
  Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : undefined;
