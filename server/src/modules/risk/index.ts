import {
  RISK_RULES,
  riskHandleBody,
  riskNoteResource,
  riskParamBody,
  riskParamResource,
  riskViolationResource,
  riskWarningResource,
  violationAppealBody,
  violationDecideBody,
  violationRetryBody,
} from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { formSchemas } from '../../platform/resource/formSchemas.ts';
import { finActorOf, financeOf } from '../finance/index.ts';
import { findCustomer, onFreightEvent } from '../freight/index.ts';
import { sysQuartzJob } from '../system/index.ts';
import {
  appealViolation,
  decideAppeal,
  deductionJob,
  deductionOffer,
  retryDeduction,
  VIOLATION_DEDUCTION_JOB,
} from './deductions.ts';
import { judgeStep } from './eventRules.ts';
import { checkedParams, riskParamsChanged } from './params.ts';
import { riskNote, riskParam, riskViolation, riskWarning } from './schema.ts';
import { RISK_SCAN_JOB, riskScanJob, runRiskScan } from './trackRules.ts';
import { handleWarning, raiseWarnings, refreshNote, setWarningPush } from './warnings.ts';

// Risk control: rule parameters (风控参数), the rules judged on every waybill step in its
// transaction (freight's noteStep event) and on a schedule over the track points, warnings (预警消息) with
// their handling, violations (违规记录) and the waybills' risk view (风控列表).

export { riskParamsChanged } from './params.ts';
export { rejudgeNotes } from './rejudge.ts';
export { runRiskScan } from './trackRules.ts';
export { handleWarning } from './warnings.ts';

type Row = Record<string, unknown>;

/** Told how long the rules took on each judged step (inside its transaction), e.g. by a benchmark. */
export type RuleTimer = (action: string, ms: number) => void;
let ruleTimer: RuleTimer | null = null;

/** Sets (or with null, clears) the listener of the rules' time per step. */
export function timeRuleEvaluation(timer: RuleTimer | null): void {
  ruleTimer = timer;
}

export function riskModule(app: FastifyInstance, ctx: AppContext): void {
  setWarningPush(ctx.db, (userIds, text) => {
    ctx.realtime
      .pushToUsers(userIds, {
        cmd: 'user',
        msgId: `risk-${Date.now()}`,
        msgTxt: text,
        category: 'risk_warning',
      })
      .catch(() => undefined);
  });

  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind !== 'noteStep') return;
    const began = ruleTimer ? performance.now() : 0;
    const findings = await judgeStep(tx, {
      action: event.action,
      note: event.note,
      before: event.before,
      read: event.read,
    });
    await raiseWarnings(ctx.db, tx, event.note, findings, event.action, event.operator);
    ruleTimer?.(event.action, performance.now() - began);
  });

  ctx.jobs.register(riskScanJob(ctx));
  ctx.jobs.register(deductionJob(() => financeOf(ctx).fin, refreshNote));

  bindResource(app, ctx, riskParamResource, riskParam, {
    dataLog: true,
    onChange: riskParamsChanged,
    ...formSchemas(riskParamBody),
    async beforeWrite(values, _mode, request, tx) {
      const tenantId = request.session?.tenantId ?? 0;
      const out: Row = { ...values };
      out.params = checkedParams(String(out.ruleType), out.params);
      if (out.customerId === '' || out.customerId === undefined) out.customerId = null;
      if (out.customerId) {
        const customer = await findCustomer(tx, tenantId, String(out.customerId));
        if (!customer) throw bizError('货主(customerId)不存在');
        out.customerName = customer.customerName;
      } else out.customerName = null;
      return out;
    },
  });
  bindResource(app, ctx, riskWarningResource, riskWarning, {
    extraFilters: { rule: { column: riskWarning.ruleType, type: 'string', filter: true } },
  });
  bindResource(app, ctx, riskViolationResource, riskViolation, {});
  bindResource(app, ctx, riskNoteResource, riskNote, {});

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/risk/warning/handle',
    permitted('risk:warning:handle', { body: riskHandleBody }),
    async (request) => {
      const session = sessionOf(request);
      const stored = await handleWarning(
        ctx,
        { username: session.user.username, tenantId: session.tenantId },
        request.body,
      );
      return ok(stored, '处理成功');
    },
  );
  // Whether confirming this warning may carry a deduction (the carrier contract's clause), and how much.
  r.get(
    '/risk/warning/deductionOffer',
    permitted('risk:warning:handle', { querystring: z.object({ id: z.string().min(1).max(32) }) }),
    async (request) => {
      const session = sessionOf(request);
      return ok(await deductionOffer(ctx.db, session.tenantId, request.query.id));
    },
  );
  r.post(
    '/risk/violation/appeal',
    permitted('risk:violation:appeal', { body: violationAppealBody }),
    async (request) => {
      const session = sessionOf(request);
      const actor = {
        username: session.user.username,
        tenantId: session.tenantId,
        userType: session.user.userType,
        cid: session.user.cid ?? null,
      };
      return ok(await appealViolation(ctx.db, actor, request.body, refreshNote), '申诉已提交');
    },
  );
  r.post(
    '/risk/violation/decide',
    permitted('risk:violation:decide', { body: violationDecideBody }),
    async (request) => {
      const actor = finActorOf(request);
      const stored = await decideAppeal(financeOf(ctx).fin, actor, request.body, refreshNote);
      return ok(stored, request.body.accept ? '申诉成立，不扣款' : '申诉已驳回，扣款已处理');
    },
  );
  // A deduction finance refused, posted again now (the hourly job also tries it, a bounded number of times).
  r.post(
    '/risk/violation/retry',
    permitted('risk:violation:decide', { body: violationRetryBody }),
    async (request) => {
      const actor = finActorOf(request);
      const stored = await retryDeduction(financeOf(ctx).fin, actor, request.body.id, refreshNote);
      return ok(
        stored,
        stored.deductionState === 'posted'
          ? '扣款已入账'
          : stored.deductionState === 'due'
            ? '运单审核后从应付运费中扣款'
            : `扣款失败：${stored.deductionNote ?? ''}`,
      );
    },
  );
  // The rule catalog: names, parameters with their bounds, defaults (the parameter screen's form).
  r.get('/risk/param/catalog', { config: { access: perm('risk:param:list') } }, async () => ok(RISK_RULES));
  // Runs the track scan now (the scheduled job's work), for operators checking a waybill at once.
  r.post('/risk/warning/scan', { config: { access: perm('risk:warning:handle') } }, async () =>
    ok(await runRiskScan(ctx.db)),
  );
}

/** The scan's schedule row (every 10 minutes), added by the server's start and the seed command. */
export async function seedRiskJobs(db: Db): Promise<void> {
  const jobs = [
    {
      jobClassName: RISK_SCAN_JOB,
      cronExpression: '0 */10 * * * ?',
      description: '每10分钟检查在途运单的轨迹（速度异常、异常停车、定位缺失）',
    },
    {
      jobClassName: VIOLATION_DEDUCTION_JOB,
      cronExpression: '0 5 * * * ?',
      description: '每小时将申诉期满未申诉、或申诉被驳回的违规扣款入账',
    },
  ];
  for (const job of jobs) {
    const [existing] = await idsWhere(db, sysQuartzJob, eq(sysQuartzJob.jobClassName, job.jobClassName));
    if (!existing)
      await db.insert(sysQuartzJob).values({ ...job, parameter: '{}', status: 0, createBy: 'system' });
  }
}
export { riskWarning } from './schema.ts';
