// How most resource lists are declared: whose rows they hold, what the console may do with them, and their
// first sort. Spread into a declaration (`...tenantLog`); a list that differs spells its own.

/** Newest first, as most lists open. */
export const newestFirst = { field: 'createTime', order: 'desc' } as const;

/** Records the console only reads and exports (statements, reports): the tenant's, the highest `field` first. */
export const tenantLogBy = <const F extends string>(field: F) =>
  ({ actions: ['export'], scope: { tenant: true }, defaultSort: { field, order: 'desc' } }) as const;

/** Records the console only reads and exports (logs, payments, reports): the tenant's, newest first. */
export const tenantLog = tenantLogBy(newestFirst.field);

/** Records of a shipper the console only reads and exports: its users see their own, newest first. */
export const shipperLog = {
  actions: ['export'],
  scope: { tenant: true, customer: 'customerId' },
  defaultSort: newestFirst,
} as const;

/** Records kept through the console (added, edited, deleted, exported), scoped as `scope` says, newest first. */
export const keptRecords = <const S extends object>(scope: S) =>
  ({ actions: ['add', 'edit', 'delete', 'export'], scope, defaultSort: newestFirst }) as const;

/** Records kept through the console: the tenant's, newest first. */
export const tenantRecords = keptRecords({ tenant: true });

/** A shipper's records kept through the console: its users keep their own, newest first. */
export const shipperRecords = keptRecords({ tenant: true, customer: 'customerId' });

/** Records kept through the console and imported from Excel too (settings lists), scoped as `scope` says. */
export const importedRecords = <const S extends object>(scope: S) =>
  ({ actions: ['add', 'edit', 'delete', 'export', 'import'], scope, defaultSort: newestFirst }) as const;
