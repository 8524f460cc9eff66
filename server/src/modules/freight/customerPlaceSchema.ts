import { doublePrecision, index, varchar } from 'drizzle-orm/pg-core';
import { tenantTable } from '../../platform/db/businessTable.ts';
import { idRef } from '../../platform/db/columns.ts';
import { customerColumns } from '../../platform/db/freightColumns.ts';

// A shipper's saved addresses and routes: picked in the order form to fill its places.

export const hyCustomerAddress = tenantTable(
  'hy_customer_address',
  {
    ...customerColumns(),
    addressName: varchar('address_name', { length: 50 }).notNull(),
    areaCode: varchar('area_code', { length: 12 }).notNull(),
    province: varchar('province', { length: 30 }),
    city: varchar('city', { length: 30 }),
    district: varchar('district', { length: 30 }),
    address: varchar('address', { length: 255 }).notNull(),
    /** WGS-84. */
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    contact: varchar('contact', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('hy_customer_address_customer_idx').on(t.tenantId, t.customerId)],
);

export const hyCustomerRoute = tenantTable(
  'hy_customer_route',
  {
    ...customerColumns(),
    routeName: varchar('route_name', { length: 50 }).notNull(),
    loadAddressId: idRef('load_address_id').notNull(),
    loadAddressName: varchar('load_address_name', { length: 50 }),
    unloadAddressId: idRef('unload_address_id').notNull(),
    unloadAddressName: varchar('unload_address_name', { length: 50 }),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('hy_customer_route_customer_idx').on(t.tenantId, t.customerId)],
);
