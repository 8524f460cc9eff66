import {
  type Bilingual,
  REPORT_MSG,
  reportMessageResource,
  reportResendBody,
  reportUploadResource,
  textOf,
} from '@freight/contracts';
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { tablesWritten } from '../../platform/db/tableWrites.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { activeChannel, channelById } from './channels.ts';
import type { CodeTables } from './messages/rules.ts';
import type { PlatformIdentity } from './messages/types.ts';
import { messageCountsByState, requeue } from './outbox.ts';
import { contentOf } from './records.ts';
import { hyReportAttempt, hyReportMessage } from './schema.ts';

// 交通监管同步 (every message), 监管上传 (the failed ones), resend and each message's attempts.

/** Columns never answered: the claim is the sender's, the payload holds the payees' accounts. */
const HIDDEN = ['claimToken', 'claimedUntil', 'payload'];

/** Not accepted within the channel's deadline: highlighted on the screens, counted by the summary. */
function markOverdue(rows: Array<Record<string, unknown>>): Array<Record<string, unknown>> {
  const now = Date.now();
  for (const row of rows) {
    const deadline = row.deadlineAt ? new Date(String(row.deadlineAt)).getTime() : Number.NaN;
    row.overdue = row.state !== 'accepted' && Number.isFinite(deadline) && deadline < now;
  }
  return rows;
}

/** Exported cells of the type and state: their Chinese names, as the screens show them. */
function optionText(options: ReadonlyArray<{ value: string | number; label: Bilingual }> | undefined) {
  return (value: unknown) => {
    const found = options?.find((o) => String(o.value) === String(value));
    return found ? textOf(found.label) : value;
  };
}

const exportValues = {
  type: optionText(reportMessageResource.fields.type.options),
  state: optionText(reportMessageResource.fields.state.options),
};

const idQuery = { querystring: z.object({ id: z.string().min(1).max(32) }) };

export function messageRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  afterResend: () => void,
  codes: () => CodeTables,
): void {
  const table = hyReportMessage;
  bindResource(app, ctx, reportMessageResource, table, {
    hidden: HIDDEN,
    presentRows: markOverdue,
    exportValues,
  });
  // 监管上传 lists the failed messages at its own path (`/report/upload/list`), under its own menu's codes.
  bindResource(app, ctx, reportUploadResource, table, {
    hidden: HIDDEN,
    view: 'failed',
    path: reportUploadResource.path,
    presentRows: markOverdue,
    exportValues,
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/report/message/resend',
    { config: { access: perm('report:message:resend') }, schema: { body: reportResendBody } },
    async (request) => {
      const session = sessionOf(request);
      const ids = [...new Set(request.body.ids)];
      if (ids.length === 0) throw bizError(REPORT_MSG.emptySelection);
      const { queued, skipped } = await ctx.db.transaction((tx) => requeue(tx, session.tenantId, ids));
      tablesWritten(ctx.db, hyReportMessage);
      if (queued === 0) throw bizError('所选报文均在上报中或已被接收，无需重新上报');
      afterResend();
      return ok(
        { queued, skipped },
        skipped ? `已加入上报队列${queued}条，跳过上报中或已接收的${skipped}条` : `已加入上报队列${queued}条`,
      );
    },
  );

  /** The message of the request's tenant, or 404 (another tenant's id answers like a missing one). */
  async function ownMessage(tenantId: number, id: string) {
    const [row] = await ctx.db
      .select()
      .from(hyReportMessage)
      .where(and(eq(hyReportMessage.id, id), eq(hyReportMessage.tenantId, tenantId)));
    if (!row) throw recordNotFound();
    return row;
  }

  // Both screens show a message's attempts and its content as built now, each under its own menu's code.
  for (const [base, code] of [
    ['/report/message', 'report:transport:list'],
    ['/report/upload', 'report:upload:list'],
  ] as const) {
    r.get(`${base}/attempts`, { config: { access: perm(code) }, schema: idQuery }, async (request) => {
      const session = sessionOf(request);
      await ownMessage(session.tenantId, request.query.id);
      return ok(
        await ctx.db
          .select()
          .from(hyReportAttempt)
          .where(eq(hyReportAttempt.messageId, request.query.id))
          .orderBy(asc(hyReportAttempt.startedAt), asc(hyReportAttempt.attemptNo)),
      );
    });

    // The message as the sender would build it now from the records (after a correction, what a resend
    // carries), or every violated field rule with its path. Canonical names; no envelope, token or key.
    r.get(`${base}/preview`, { config: { access: perm(code) }, schema: idQuery }, async (request) => {
      const session = sessionOf(request);
      const row = await ownMessage(session.tenantId, request.query.id);
      const channel = row.channelId
        ? await channelById(ctx.db, row.channelId)
        : await activeChannel(ctx.db, session.tenantId);
      const platform: PlatformIdentity = {
        name: channel?.platformName ?? '',
        creditCode: channel?.platformCreditCode ?? '',
        permitNumber: channel?.platformPermitNo ?? '',
      };
      const built = await contentOf(ctx.db, row, codes(), platform, new Date());
      if (built.ok) return ok({ ok: true, message: built.message, errors: [] });
      const errors =
        'errors' in built ? built.errors : [{ path: '-', rule: 'record', message: built.missing }];
      return ok({ ok: false, message: null, errors });
    });
  }

  // Counts by state and the overdue ones (not accepted within the channel's deadline), for the dashboard.
  r.get('/report/message/summary', { config: { access: perm('report:transport:list') } }, async (request) => {
    const session = sessionOf(request);
    const byState = await messageCountsByState(ctx.db, session.tenantId);
    const [overdue] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(hyReportMessage)
      .where(
        ofTenant(
          hyReportMessage,
          session.tenantId,
          inArray(hyReportMessage.state, ['pending', 'sending', 'failed']),
          lt(hyReportMessage.deadlineAt, new Date()),
        ),
      );
    return ok({ ...byState, overdue: Number(overdue?.count ?? 0) });
  });
}
