import { voucherAccountResource, voucherQuery } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { sendAttachment, XLSX_TYPE } from '../../platform/http/fileReplies.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { finVoucherAccount } from './voucherSchema.ts';
import { buildVouchers, voucherWorkbook } from './vouchers.ts';

// 凭证导出: the period's vouchers previewed and exported for 用友 or 金蝶; the 科目 mapping is a
// declared list whose rows are edited (their keys are fixed: every ledger account has one).

export function voucherRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The declaration's body is the edit form's (with the row's id).
  bindResource(app, ctx, voucherAccountResource, finVoucherAccount, { dataLog: true });

  r.get(
    '/finance/voucher/preview',
    { config: { access: perm('finance:voucher:list') }, schema: { querystring: voucherQuery } },
    async (request) => {
      const session = sessionOf(request);
      return ok(await buildVouchers(ctx.db, session.tenantId, request.query.period));
    },
  );

  r.get(
    '/finance/voucher/export',
    {
      config: { access: perm('finance:voucher:export'), audit: { operateType: 4, content: '导出会计凭证' } },
      schema: { querystring: voucherQuery },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const { period, format } = request.query;
      const preview = await buildVouchers(ctx.db, session.tenantId, period);
      const buffer = await voucherWorkbook(preview, format, { operator: session.user.username });
      const filename = `凭证${period}-${format === 'yonyou' ? '用友' : '金蝶'}.xlsx`;
      return sendAttachment(reply, XLSX_TYPE, filename, buffer);
    },
  );
}
