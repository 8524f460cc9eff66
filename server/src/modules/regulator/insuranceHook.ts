import type { DbOrTx } from '../../platform/db/client.ts';

// The waybill message's insurance information comes from the insurance module, which lies above
// this one: it registers how to find a waybill's policy, the message builder asks. Kept per database handle
// (test apps in one process never hear each other). Without a lookup, or without a policy: `none`.

export interface WaybillInsurance {
  policyNumber: string;
  companyCode: string;
}

export type WaybillInsuranceLookup = (db: DbOrTx, noteId: string) => Promise<WaybillInsurance | null>;

const lookups = new WeakMap<object, WaybillInsuranceLookup>();

export function registerWaybillInsurance(db: object, lookup: WaybillInsuranceLookup): void {
  lookups.set(db, lookup);
}

/** The policy in force on a waybill, or null (uninsured). `db` is the handle the module registered with. */
export async function waybillInsurance(db: DbOrTx, noteId: string): Promise<WaybillInsurance | null> {
  const lookup = lookups.get(db);
  return lookup ? lookup(db, noteId) : null;
}
