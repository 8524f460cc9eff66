import { type CheckRuleItem, checkRuleBody, checkRuleEditBody } from '@freight/contracts';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { refuseTaken } from '../../../platform/resource/uniqueField.ts';
import { sysCheckRule } from '../adminSchema.ts';
import { checkValue } from './check.ts';

/** Code check rules (ordered rule JSON) and the test box (`checkByCode`). */
export function checkRuleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, ctx, {
    path: '/sys/checkRule',
    permission: 'system:checkrule',
    title: '编码校验规则',
    table: sysCheckRule,
    id: sysCheckRule.id,
    dataLog: true,
    defaultOrder: [desc(sysCheckRule.createTime)],
    fields: {
      id: { column: sysCheckRule.id, type: 'string', filter: true },
      ruleName: {
        column: sysCheckRule.ruleName,
        type: 'string',
        filter: true,
        sort: true,
        title: '规则名称',
      },
      ruleCode: {
        column: sysCheckRule.ruleCode,
        type: 'string',
        filter: true,
        sort: true,
        title: '规则编码',
      },
      ruleJson: { column: sysCheckRule.ruleJson, type: 'string', title: '规则JSON' },
      ruleDescription: { column: sysCheckRule.ruleDescription, type: 'string', title: '规则描述' },
      createTime: { column: sysCheckRule.createTime, type: 'date', filter: true, sort: true },
    },
    createSchema: checkRuleBody,
    updateSchema: checkRuleEditBody,
    async beforeWrite(values, mode, _request, tx) {
      await refuseTaken(tx, sysCheckRule, 'ruleCode', values, mode, '规则编码已存在!');
      return values;
    },
  });

  // Forms call it while the user types, so any signed-in user may (the reference's test box is this call).
  r.get(
    '/sys/checkRule/checkByCode',
    {
      config: { access: 'login', audit: false },
      schema: {
        querystring: z.object({
          ruleCode: z.string().min(1).max(100),
          value: z.string().max(1000).default(''),
        }),
      },
    },
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
