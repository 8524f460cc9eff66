import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { reportAdminRoutes } from './adminRoutes.ts';
import { reportApiRoutes } from './apiRoutes.ts';
import { cgformCopyRoutes } from './cgformCopy.ts';
import { cgformDataRoutes } from './cgformData.ts';
import { cgformEnhanceRoutes } from './cgformEnhance.ts';
import { cgformDesignRoutes } from './cgformRoutes.ts';
import { cgformSandboxRoutes } from './cgformSandbox.ts';
import { ReportGuardCache } from './reportGuard.ts';
import { ReportSources } from './reportSource.ts';
import { savedReportRoutes } from './savedReports.ts';
import { seedReports } from './seedReports.ts';

/** Online development: report definitions (cgreport), the report API behind record popups, online forms. */
export function onlineModule(app: FastifyInstance, ctx: AppContext): void {
  // Reports run on the platform database (guarded tables) or, read-only, on a configured data source.
  const sources = new ReportSources(ctx, new ReportGuardCache());
  reportApiRoutes(app, ctx, sources);
  reportAdminRoutes(app, ctx, sources);
  savedReportRoutes(app, ctx, sources);
  // Online forms: definitions synced to tables of the `onl` schema, and their generated lists' data.
  cgformDesignRoutes(app, ctx);
  cgformDataRoutes(app, ctx);
  // Copies (another view of a form's table) and the enhancements of its custom buttons.
  cgformCopyRoutes(app, ctx);
  cgformEnhanceRoutes(app, ctx);
  cgformSandboxRoutes(app);
  app.addHook('onClose', () => sources.close());
  // System data like the dictionaries: present on every start, inserted once, edits kept. A database that
  // lacks the tables (a migration skipped) keeps serving everything else; the report calls say why.
  app.addHook('onReady', async () => {
    await seedReports(ctx.db).catch((error: unknown) =>
      app.log.error({ err: error }, 'seeding reports failed'),
    );
  });
}
