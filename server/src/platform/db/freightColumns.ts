import { varchar } from 'drizzle-orm/pg-core';
import { fenColumn, idRef } from './columns.ts';

// Column groups that many freight and money tables repeat with one meaning.

const customerNameColumn = () => varchar('customer_name', { length: 200 });

/** The customer (shipper) a row belongs to, with its name kept beside the id so lists read without a join. */
export const customerColumns = () => ({
  customerId: idRef('customer_id').notNull(),
  customerName: customerNameColumn(),
});

/** As customerColumns, for rows that may concern no customer (e.g. a platform-wide rule). */
export const optionalCustomerColumns = () => ({
  customerId: idRef('customer_id'),
  customerName: customerNameColumn(),
});

/** What the money rules compute for a waybill: the driver's fee, the platform's and agent's, and the customer's total. */
export const waybillFeeColumns = () => ({
  driverFee: fenColumn('driver_fee'),
  serviceFee: fenColumn('service_fee'),
  agentFee: fenColumn('agent_fee'),
  customerFee: fenColumn('customer_fee'),
});
