import { fillRuleBody, fillRuleEditBody, fillRuleResource } from '@freight/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import { grantsOf } from '../../../platform/access/grants.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysFillRule } from '../adminSchema.ts';
import {
  FILL_GENERATORS,
  nextFillValue,
  parseFillParams,
  previewFillValue,
  sampleFillValue,
} from './generators.ts';

/** Who may use a number up through executeRuleByCode (everybody else gets a preview). */
export const FILL_RULE_USE_PERMISSION = 'system:fillrule:edit';

/** Fill rules (value generators with parameters) and their execution by code. */
export function fillRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, fillRuleResource, sysFillRule, {
    dataLog: true,
    createSchema: fillRuleBody,
    updateSchema: fillRuleEditBody,
    beforeWrite(values) {
      const params = parseFillParams(
        String(values.ruleClass),
        values.ruleParams as string | null | undefined,
      );
      values.ruleParams = JSON.stringify(params);
      return values;
    },
    unique: { key: 'ruleCode', message: '规则编码已存在!' },
  });

  r.get('/sys/fillRule/generators', { config: { access: perm('system:fillrule:list') } }, async () =>
    ok(Object.entries(FILL_GENERATORS).map(([value, g]) => ({ value, text: g.title, title: g.title }))),
  );

  // "Generate a sample": the next value of the rule as typed in the form (or as saved), not used up.
  r.post(
    '/sys/fillRule/sample',
    permitted(
      'system:fillrule:list',
      {
        body: fillRuleBody.pick({ ruleCode: true, ruleClass: true, ruleParams: true }),
      },
      false,
    ),
    async (request) => ok(await sampleFillValue(db, request.body), '生成成功'),
  );

  // Forms ask for the next number when they open, so any signed-in user may see it; only an administrator of
  // fill rules uses a number up this way. Business numbers (orders, waybills) are drawn by the server when
  // the record is saved, so a user calling this in a loop can no longer run a sequence out.
  const execute = async (request: FastifyRequest<{ Params: { ruleCode: string } }>) => {
    const session = sessionOf(request);
    const { codes } = await grantsOf(db, session.user.id);
    if (codes.has(FILL_RULE_USE_PERMISSION)) return ok(await nextFillValue(db, request.params.ruleCode));
    return ok(await previewFillValue(db, request.params.ruleCode));
  };
  const opts = {
    config: { access: 'login' as const },
    schema: { params: z.object({ ruleCode: z.string().min(1).max(100) }), body: z.unknown().optional() },
  };
  r.put('/sys/fillRule/executeRuleByCode/:ruleCode', opts, execute);
  r.post('/sys/fillRule/executeRuleByCode/:ruleCode', opts, execute);
}
