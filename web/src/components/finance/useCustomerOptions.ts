// The approved customers as select options (filters and forms of the money screens), for staff who may
// read the customer list; empty otherwise (a customer user's lists are its own anyway).
import { type Page, USER_TYPE } from '@freight/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../services/request';
import { usePermissions } from '../../stores/permissions';
import { useSession } from '../../stores/session';

export function useCustomerOptions(): Array<{ value: string; label: string }> {
  const staff = useSession((s) => s.userType === USER_TYPE.system);
  const canRead = usePermissions((s) => s.codes.includes('customer:manager:list'));
  const customers = useQuery({
    queryKey: ['financeCustomers'],
    queryFn: () =>
      api.get<Page<Record<string, unknown>>>('/customer/hyCustomer/list', { pageSize: 200, state: 2 }),
    enabled: staff && canRead,
    staleTime: 60_000,
  });
  return useMemo(
    () =>
      (customers.data?.records ?? []).map((c) => ({
        value: String(c.id),
        label: String(c.customerName),
      })),
    [customers.data],
  );
}

/** A declared customer field shown as a select of the approved customers (searchable when there are any). */
export function customerChoiceField(
  customers: Array<{ value: string; label: string }>,
  placeholder: readonly [string, string],
) {
  return { options: customers, kind: 'dict' as const, placeholder, search: customers.length > 0 };
}
