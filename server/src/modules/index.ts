import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context.ts';
import { appsModule } from './apps/index.ts';
import { complianceModule } from './compliance/index.ts';
import { dashboardModule } from './dashboard/index.ts';
import { financeModule } from './finance/index.ts';
import { freightModule } from './freight/index.ts';
import { insuranceModule } from './insurance/index.ts';
import { onlineModule } from './online/index.ts';
import { privacyModule } from './privacy/index.ts';
import { regulatorModule } from './regulator/index.ts';
import { riskModule } from './risk/index.ts';
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
