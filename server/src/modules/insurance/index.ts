import {
  cancelPolicyBody,
  insuranceRateBody,
  insuranceRateResource,
  insuranceResource,
  insureBody,
  policyClaimBody,
  SHIPPING_STATUS,
} from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type AuditOptions, perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { registerActionRoute } from '../../platform/http/actionRoutes.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { formSchemas } from '../../platform/resource/formSchemas.ts';
import { financeOf } from '../finance/index.ts';
import { type Actor, actorOf, onFreightEvent } from '../freight/index.ts';
import { registerWaybillInsurance } from '../regulator/index.ts';
import { type InsurerAdapter, SimulatedInsurer } from './insurer.ts';
import {
  cancelPolicy,
  cancelWithNote,
  claimPolicy,
  type InsuranceDeps,
  insure,
  policyOfNote,
} from './policies.ts';
import { insPolicy, insRate } from './schema.ts';

// 货运险: the policies' list (a shipper sees its own), insuring a waybill before loading, cancelling
// (refunded), reporting a claim (调账理赔), and the premium rate table. The waybill message reads the policy.

export type { InsurerAdapter } from './insurer.ts';
export { SimulatedInsurer } from './insurer.ts';
export { cancelPolicy, type InsuranceDeps, insure } from './policies.ts';
export { insPolicy, insRate } from './schema.ts';

const instances = new WeakMap<object, InsuranceDeps>();

/** The insurance services of an app (the demo seeder insures through them). */
export function insuranceOf(ctx: Pick<AppContext, 'db'>): InsuranceDeps {
  const found = instances.get(ctx.db);
  if (!found) throw new Error('insurance module not registered');
  return found;
}

export function insuranceModule(
  app: FastifyInstance,
  ctx: AppContext,
  insurer: InsurerAdapter = new SimulatedInsurer(),
): void {
  const deps: InsuranceDeps = { fin: financeOf(ctx).fin, insurer };
  instances.set(ctx.db, deps);
  registerWaybillInsurance(ctx.db, policyOfNote);

  // A waybill cancelled, refused or voided before loading takes its policy with it: the premium goes back.
  onFreightEvent(ctx.db, async (tx, event) => {
    if (event.kind !== 'noteStep') return;
    const to = event.note.status;
    if (to !== SHIPPING_STATUS.cancelled && to !== SHIPPING_STATUS.refused && to !== SHIPPING_STATUS.void)
      return;
    await cancelWithNote(deps, tx, event.note, event.before, event.operator);
  });

  bindResource(app, ctx, insuranceResource, insPolicy, {});
  bindResource(app, ctx, insuranceRateResource, insRate, {
    dataLog: true,
    ...formSchemas(insuranceRateBody),
  });

  // Insuring, cancelling and claiming: each writes the policies' table, whose list totals go stale.
  const policyAction = <B extends z.ZodType, T>(
    action: string,
    audit: AuditOptions,
    body: B,
    act: (actor: Actor, input: z.output<B>) => Promise<T>,
    say: (row: T) => string,
  ) =>
    registerActionRoute(
      app,
      `/compliance/insurance/${action}`,
      { access: perm(`compliance:insurance:${action}`), audit, body },
      async (request, input) => {
        const row = await act(actorOf(request), input);
        tablesWritten(ctx.db, insPolicy);
        return row;
      },
      say,
    );
  policyAction(
    'insure',
    { operateType: 2, content: '投保货运险' },
    insureBody,
    (actor, input) => insure(deps, actor, input),
    (row) => `已投保，保单号${row.policyNo}`,
  );
  policyAction(
    'cancel',
    { operateType: 3, content: '货运险退保' },
    cancelPolicyBody,
    (actor, input) => cancelPolicy(deps, actor, input),
    (row) => `保单${row.policyNo}已退保，保费已退回`,
  );
  policyAction(
    'claim',
    { operateType: 2, content: '货运险报案理赔' },
    policyClaimBody,
    (actor, input) => claimPolicy(deps, actor, input),
    (row) => `已报案，理赔单${row.claimAdjustNo}待财务审批`,
  );
}
