// The demo data generator (`npm run seed:demo -- --scale N`, and the default scale on the first start of an
// empty database). Add a seeder for another area by appending it to DEMO_SEEDERS.
import { DEMO_PASSWORD } from '@freight/contracts';
import { sql } from 'drizzle-orm';
import { hyDriver } from '../../modules/freight/partySchema.ts';
import { hashPassword } from '../../platform/auth/crypto.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/index.ts';
import { appsSeeder } from './apps.ts';
import { categoriesSeeder } from './categories.ts';
import { complianceSeeder } from './compliance.ts';
import { contractsSeeder } from './contracts.ts';
import { driverTaxSeeder } from './driverTax.ts';
import { etcSeeder } from './etc.ts';
import { demoFilesSeeder } from './files.ts';
import { financeSeeder } from './finance.ts';
import { incomeReportSeeder } from './incomeReports.ts';
import { insuranceSeeder } from './insurance.ts';
import { invoiceSeeder } from './invoices.ts';
import { messagesSeeder } from './messages.ts';
import { partiesSeeder } from './parties.ts';
import { positionsSeeder } from './positions.ts';
import { regulatorSeeder } from './regulator.ts';
import { riskSeeder } from './risk.ts';
import { shippingSeeder } from './shipping.ts';
import type { DemoContext, DemoSeeder } from './types.ts';

export type { DemoContext, DemoSeeder } from './types.ts';

/** Run in this order; a later seeder may use the rows of an earlier one (e.g. shipping notes use parties). */
export const DEMO_SEEDERS: DemoSeeder[] = [
  partiesSeeder,
  shippingSeeder,
  contractsSeeder,
  demoFilesSeeder,
  financeSeeder,
  insuranceSeeder,
  etcSeeder,
  incomeReportSeeder,
  driverTaxSeeder,
  invoiceSeeder,
  regulatorSeeder,
  riskSeeder,
  positionsSeeder,
  appsSeeder,
  complianceSeeder,
  categoriesSeeder,
  messagesSeeder,
];

export interface DemoSummary {
  scale: number;
  ms: number;
  rows: Record<string, Record<string, number>>;
  /** Milliseconds each seeder took. */
  seederMs: Record<string, number>;
}

export async function runDemoSeeders(
  db: Db,
  options: {
    scale?: number;
    now?: Date;
    seeders?: DemoSeeder[];
    storage?: FileStorage;
    orders?: number;
  } = {},
): Promise<DemoSummary> {
  const started = performance.now();
  const scale = Math.max(1, Math.floor(options.scale ?? 1));
  const ctx: DemoContext = {
    scale,
    now: options.now ?? new Date(),
    passwordHash: await hashPassword(DEMO_PASSWORD),
    storage: options.storage,
    notesToComplete: [],
    orders: options.orders,
  };
  const rows: DemoSummary['rows'] = {};
  const seederMs: DemoSummary['seederMs'] = {};
  for (const seeder of options.seeders ?? DEMO_SEEDERS) {
    const at = performance.now();
    rows[seeder.name] = await seeder.run(db, ctx);
    seederMs[seeder.name] = Math.round(performance.now() - at);
  }
  // Fresh statistics, as autovacuum would gather on a database that grew this way.
  await db.execute(sql`analyze`);
  return { scale, ms: Math.round(performance.now() - started), rows, seederMs };
}

/** On a database without any party yet (a first start), the default scale, so the console is alive. */
export async function seedDemoDataIfEmpty(
  db: Db,
  options: { seeders?: DemoSeeder[]; storage?: FileStorage; orders?: number } = {},
): Promise<DemoSummary | null> {
  const [any] = await db.select({ id: hyDriver.id }).from(hyDriver).limit(1);
  if (any) return null;
  return runDemoSeeders(db, options);
}
