import type { CustomerOption, DictMap, PlatformSettings } from '@freight/contracts';
import { api, putEnvelope } from './request';

export const platformApi = {
  settings: () => api.get<PlatformSettings>('/setting/hySetting/queryPlatformSettings'),
  config: () => api.get<Record<string, unknown>>('/hyconfig/hyConfig/cfg'),
  allDictItems: () => api.get<DictMap>('/sys/dict/queryAllDictItems'),
  refreshDictCache: () => api.get<unknown>('/sys/dict/refleshCache'),
  myCustomers: () => api.get<CustomerOption[]>('/customer/hyCustomerAdmin/myList'),
  selectCustomer: (customerId: string) =>
    putEnvelope<unknown>('/customer/hyCustomerAdmin/selectCustomer', { customerId }),
};
