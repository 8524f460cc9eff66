import {
  CERT_WARN_DAYS,
  carrierResource,
  driverBankResource,
  driverResource,
  MASKED_RESIDENT_ID,
  maskIdCard,
  OCR_PATH,
  OCR_PERMISSION,
  partyScopeOf,
  type ResourceDecl,
  VERIFICATION_OVERRIDE_PERMISSION,
  VERIFICATION_SUBJECT,
  type VerificationSubject,
  vehicleResource,
  verificationResource,
} from '@freight/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { ok } from '../../platform/http/envelope.ts';
import { recordNotFound } from '../../platform/http/errors.ts';
import type { JobDefinition } from '../../platform/jobs/scheduler.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import {
  checkVehicleNet,
  hyCaptain,
  hyCarrier,
  hyDriver,
  hyDriverBank,
  hyVehicle,
  onApproving,
  onFreightEvent,
} from '../freight/index.ts';
import { jsonOutcomeJob, seedQuartzJobs } from '../system/index.ts';
import {
  approvalGuard,
  bindTx,
  recheckExpiring,
  reportLiveness,
  retryPending,
  subjectOfEntity,
  subjectVerification,
  verifiersOf,
  verifyCardBinding,
  verifySubject,
  type WarnLog,
} from './verification.ts';
import { complianceVerification } from './verificationSchema.ts';

// 合规管理. Identity and certificate verification: checks at registration, card binding and
// certificate change, shown on 核验记录 and in the review drawers, guarding approvals; a job asks again what
// the provider left unanswered.

export { SimulatedVerificationProvider } from './providers/simulated.ts';
export {
  acceptAnswer,
  markVerifiedCards,
  recheckExpiring,
  registerVerifiers,
  retryPending,
  verifyAll,
  verifyCardBinding,
  verifySubject,
} from './verification.ts';

import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';

export const VERIFICATION_RETRY_JOB = 'complianceVerificationRetry';
export const EXPIRY_RECHECK_JOB = 'complianceExpiryRecheck';

const subjectParam = z.enum([
  VERIFICATION_SUBJECT.driver,
  VERIFICATION_SUBJECT.vehicle,
  VERIFICATION_SUBJECT.carrier,
  VERIFICATION_SUBJECT.driverBank,
]);

type DrawerDecl = Pick<ResourceDecl, 'path' | 'permission' | 'scope'>;

/** The party screens whose review drawer shows the subject's checks, and the table behind each. */
const DRAWERS: Array<{ subject: VerificationSubject; decl: DrawerDecl }> = [
  { subject: VERIFICATION_SUBJECT.driver, decl: driverResource },
  { subject: VERIFICATION_SUBJECT.vehicle, decl: vehicleResource },
  { subject: VERIFICATION_SUBJECT.carrier, decl: carrierResource },
  { subject: VERIFICATION_SUBJECT.driverBank, decl: driverBankResource },
];

const cardBody = z.object({
  id: z.string().optional(),
  driverId: z.string().optional(),
  cardNo: z.string(),
  holderName: z.string(),
  holderIdCard: z.string(),
  reservedMobile: z.string().nullish(),
});

export function verificationRetryJob(ctx: AppContext, log?: WarnLog): JobDefinition {
  return jsonOutcomeJob(
    {
      key: VERIFICATION_RETRY_JOB,
      title: '核验重试',
      description: '再次询问核验服务超时未应答的核验（身份证、银行卡、证照、入网），应答前不视为通过',
    },
    () => retryPending(ctx.db, log),
  );
}

const expiryParams = z.object({ days: z.number().int().min(1).max(365).default(CERT_WARN_DAYS) }).strict();

/** Certificates ending within `days` (job parameter, default 30) are looked up again before they lapse. */
export function expiryRecheckJob(ctx: AppContext): JobDefinition {
  return {
    key: EXPIRY_RECHECK_JOB,
    title: '证照到期前复核',
    description:
      '对有效期在N天内（参数 days，默认30）到期的身份证、从业资格证、道路运输证、经营许可证再次核验',
    params: expiryParams,
    async run(params) {
      const { days } = expiryParams.parse(params ?? {});
      return `复核${await recheckExpiring(ctx.db, days)}项`;
    },
  };
}

const COMPLIANCE_JOBS = [
  {
    jobClassName: VERIFICATION_RETRY_JOB,
    cronExpression: '0 */5 * * * ?',
    description: '核验重试：每5分钟再次询问未应答的核验',
  },
  {
    jobClassName: EXPIRY_RECHECK_JOB,
    cronExpression: '0 30 2 * * ?',
    parameter: JSON.stringify({ days: CERT_WARN_DAYS }),
    description: `证照到期前复核：每天2:30再次核验${CERT_WARN_DAYS}天内到期的证照（参数 days 可改）`,
  },
];

export async function seedComplianceJobs(db: Db): Promise<void> {
  await seedQuartzJobs(db, COMPLIANCE_JOBS);
}

/** The party row a drawer's subject belongs to, as its screen's scope sees it (null: not the user's). */
async function scopedSubjectRow(
  ctx: AppContext,
  subject: VerificationSubject,
  id: string,
  tenantId: number,
): Promise<Record<string, unknown> | null> {
  const table = {
    [VERIFICATION_SUBJECT.driver]: hyDriver,
    [VERIFICATION_SUBJECT.vehicle]: hyVehicle,
    [VERIFICATION_SUBJECT.carrier]: hyCarrier,
    [VERIFICATION_SUBJECT.driverBank]: hyDriverBank,
  }[subject];
  const [row] = await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.id, id), eq(table.tenantId, tenantId)));
  return (row as Record<string, unknown> | undefined) ?? null;
}

export function complianceModule(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  verifiersOf(ctx.db).netCheck = (vehicle, db) => checkVehicleNet(ctx, vehicle, db);

  // A registered or changed party is checked in its write's transaction: a new certificate asks again.
  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind !== 'partyChanged') return;
    const subject = subjectOfEntity(event.entity);
    if (!subject) return;
    bindTx(tx, ctx.db);
    await verifySubject(tx, subject, event.id, event.tenantId);
  });

  onApproving(ctx.db, (request) =>
    approvalGuard(ctx.db, {
      ...request,
      mayOverride: async () =>
        (await grantsOf(ctx.db, request.userId)).codes.has(VERIFICATION_OVERRIDE_PERMISSION),
    }),
  );

  // 银行卡四要素 at binding, before the card's write: a refused card is never stored, its check is.
  const cardRoutes = new Set([`${driverBankResource.path}/add`, `${driverBankResource.path}/edit`]);
  app.addHook('preHandler', async (request) => {
    const url = request.routeOptions.url ?? '';
    if (![...cardRoutes].some((route) => url.endsWith(route))) return;
    const session = request.session;
    const parsed = cardBody.safeParse(request.body);
    if (!session || !parsed.success) return;
    const body = parsed.data;
    let driverId = body.driverId ?? '';
    if (body.id) {
      const [stored] = await ctx.db
        .select({ driverId: hyDriverBank.driverId })
        .from(hyDriverBank)
        .where(and(eq(hyDriverBank.id, body.id), eq(hyDriverBank.tenantId, session.tenantId)));
      if (stored) driverId = stored.driverId;
    }
    const [driver] = await ctx.db
      .select({ idCard: hyDriver.idCard, mobile: hyDriver.mobile, captainId: hyDriver.captainId })
      .from(hyDriver)
      .where(and(eq(hyDriver.id, driverId), eq(hyDriver.tenantId, session.tenantId)));
    // A missing driver or a masked number not the driver's is refused by the binding itself.
    if (!driver) return;
    let holderIdCard = body.holderIdCard;
    if (MASKED_RESIDENT_ID.test(holderIdCard)) {
      if (maskIdCard(driver.idCard) !== holderIdCard) return;
      holderIdCard = driver.idCard;
    }
    // Without a reserved mobile the holder's own mobile on file stands for it (the app fills it in).
    let mobile = body.reservedMobile || driver.mobile;
    if (!body.reservedMobile && holderIdCard !== driver.idCard && driver.captainId) {
      const [captain] = await ctx.db
        .select({ mobile: hyCaptain.mobile })
        .from(hyCaptain)
        .where(eq(hyCaptain.id, driver.captainId));
      mobile = captain?.mobile ?? mobile;
    }
    await verifyCardBinding(
      ctx.db,
      {
        tenantId: session.tenantId,
        driverId,
        cardNo: body.cardNo,
        holderName: body.holderName,
        holderIdCard,
        mobile,
      },
      session.user.username,
    );
  });

  bindResource(app, ctx, verificationResource, complianceVerification);

  // The review drawer of each party screen: the latest check of each kind, with the screen's own scope.
  for (const { subject, decl } of DRAWERS) {
    r.get(
      `${decl.path}/verification`,
      permitted(`${decl.permission}:list`, { querystring: z.object({ id: z.string().min(1).max(32) }) }),
      async (request) => {
        const session = sessionOf(request);
        const row = await scopedSubjectRow(ctx, subject, request.query.id, session.tenantId);
        // The screen's party scope: an agent or captain sees the checks of their own drivers and vehicles only.
        const party = partyScopeOf(session.user.userType);
        const column = party ? decl.scope?.[party] : undefined;
        const sees = !party || (!!column && !!session.user.cid && row?.[column] === session.user.cid);
        if (!row || !sees) throw recordNotFound();
        const found = await subjectVerification(ctx.db, subject, request.query.id, session.tenantId);
        if (!found) throw recordNotFound();
        return ok(found);
      },
    );
  }

  // The reviewer's re-check: every kind asked again now.
  r.post(
    `${verificationResource.path}/recheck`,
    permitted('compliance:verification:recheck', {
      body: z.object({ subjectType: subjectParam, subjectId: z.string().min(1).max(32) }),
    }),
    async (request) => {
      const session = sessionOf(request);
      const { subjectType, subjectId } = request.body;
      const before = await subjectVerification(ctx.db, subjectType, subjectId, session.tenantId);
      if (!before) throw recordNotFound();
      await verifySubject(ctx.db, subjectType, subjectId, session.tenantId, {
        operator: session.user.username,
        force: true,
      });
      return ok(await subjectVerification(ctx.db, subjectType, subjectId, session.tenantId));
    },
  );

  // The driver app's face-liveness result (through the app gateway): the identity is checked again with it.
  r.post(
    `${verificationResource.path}/liveness`,
    permitted('compliance:verification:liveness', {
      body: z.object({
        driverId: z.string().min(1).max(32),
        passed: z.boolean(),
        score: z.number().int().min(0).max(100).optional(),
      }),
    }),
    async (request) => {
      const session = sessionOf(request);
      const { driverId, passed, score } = request.body;
      const found = await reportLiveness(
        ctx.db,
        driverId,
        session.tenantId,
        passed,
        score,
        session.user.username,
      );
      if (!found) throw recordNotFound();
      return ok(found);
    },
  );

  // OCR of an uploaded certificate image: the fields that prefill the driver's or vehicle's form.
  r.post(
    OCR_PATH,
    permitted(OCR_PERMISSION, {
      body: z.object({
        kind: z.enum(['idCard', 'drivingLicence', 'vehicleLicence', 'roadTransport']),
        image: z.string().trim().min(1).max(255),
      }),
    }),
    async (request) => ok(await verifiersOf(ctx.db).provider.ocr(request.body.kind, request.body.image)),
  );

  ctx.jobs.register(verificationRetryJob(ctx, app.log));
  ctx.jobs.register(expiryRecheckJob(ctx));
}
