import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { reencryptPii } from '../platform/crypto/piiColumn.ts';
import type { Db, DbOrTx } from '../platform/db/client.ts';
import { appsModule } from './apps/index.ts';
import { complianceModule, seedComplianceJobs } from './compliance/index.ts';
import { dashboardModule, seedStatisticsJobs } from './dashboard/index.ts';
import { FINANCE_PII_TABLES, financeModule, seedFinanceJobs } from './finance/index.ts';
import { FREIGHT_PII_TABLES, freightModule, seedAppJobs, seedCertificateExpiryJob } from './freight/index.ts';
import { insuranceModule } from './insurance/index.ts';
import { onlineModule } from './online/index.ts';
import { privacyModule } from './privacy/index.ts';
import { regulatorModule, seedReportJob } from './regulator/index.ts';
import { riskModule, seedRiskJobs } from './risk/index.ts';
import type { DictCache } from './system/dict/cache.ts';
import { systemModule } from './system/index.ts';

export type ModuleRegistration = (app: FastifyInstance, ctx: AppContext, dicts: DictCache) => void;

/** Every module of the server, registered under the API base path. */
export const modules: ModuleRegistration[] = [
  (app, ctx, dicts) => systemModule(app, ctx, dicts),
  (app, ctx) => appsModule(app, ctx),
  (app, ctx) => freightModule(app, ctx),
  (app, ctx) => financeModule(app, ctx),
  (app, ctx) => onlineModule(app, ctx),
  (app, ctx) => regulatorModule(app, ctx),
  (app, ctx) => insuranceModule(app, ctx),
  (app, ctx) => riskModule(app, ctx),
  (app, ctx) => dashboardModule(app, ctx),
  (app, ctx) => privacyModule(app, ctx),
  (app, ctx) => complianceModule(app, ctx),
];

/**
 * The schedule rows of the jobs the modules register in code, added by the server's start and the seed
 * command rather than by seedSystem, whose job list the scheduled-jobs tests pin. Rows already there (and
 * an administrator's changes to them) are kept.
 */
export async function seedModuleJobs(db: Db): Promise<void> {
  await seedCertificateExpiryJob(db);
  await seedFinanceJobs(db);
  await seedRiskJobs(db);
  await seedStatisticsJobs(db);
  await seedComplianceJobs(db);
  await seedAppJobs(db);
  await seedReportJob(db);
}

/** Every table holding encrypted personal numbers (ID numbers, bank card numbers). */
export const PII_TABLES = [...FREIGHT_PII_TABLES, ...FINANCE_PII_TABLES];

/**
 * Encrypts personal numbers still stored plain (rows from before encryption) and moves values under an
 * older key to the active one; idempotent, run on every start and by `npm run pii:rotate`.
 */
export function protectPersonalNumbers(db: DbOrTx): Promise<number> {
  return reencryptPii(db, PII_TABLES);
}
