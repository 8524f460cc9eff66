// Every table of the product, for the typed client and drizzle-kit.
export * from '../../modules/apps/schema.ts';
export * from '../../modules/freight/partySchema.ts';
export * from '../../modules/freight/schema.ts';
export * from '../../modules/freight/shippingSchema.ts';
export * from '../../modules/online/schema.ts';
export * from '../../modules/system/adminSchema.ts';
export * from '../../modules/system/authSchema.ts';
export * from '../../modules/system/depart/schema.ts';
export * from '../../modules/system/schema.ts';
export * from '../audit/schema.ts';
export * from '../auth/schema.ts';
