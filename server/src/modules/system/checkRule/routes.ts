import { type CheckRuleItem, checkRuleBody, checkRuleEditBody, checkRuleResource } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { forSignedIn } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysCheckRule } from '../adminSchema.ts';
import { checkValue } from './check.ts';

/** Code check rules (ordered rule JSON) and the test box (`checkByCode`). */
export function checkRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, checkRuleResource, sysCheckRule, {
    dataLog: true,
    createSchema: checkRuleBody,
    updateSchema: checkRuleEditBody,
    unique: { key: 'ruleCode', message: '规则编码已存在!' },
  });

  // Forms call it while the user types, so any signed-in user may (the reference's test box is this call).
  r.get(
    '/sys/checkRule/checkByCode',
    forSignedIn(
      {
        querystring: z.object({
          ruleCode: z.string().min(1).max(100),
          value: z.string().max(1000).default(''),
        }),
      },
      false,
    ),
    async (request) => {
      const [rule] = await db
        .select()
        .from(sysCheckRule)
        .where(eq(sysCheckRule.ruleCode, request.query.ruleCode));
      if (!rule) throw bizError('该编码不存在');
      const failure = checkValue(JSON.parse(rule.ruleJson) as CheckRuleItem[], request.query.value);
      if (failure) throw bizError(failure.message, 500, failure);
      return ok(null, '校验通过');
    },
  );
}
