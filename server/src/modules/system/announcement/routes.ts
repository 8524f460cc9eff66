import {
  type Announcement,
  type AnnouncementsByUser,
  annIdBody,
  isSafeOpenPage,
  notifyCategoryOf,
} from '@freight/contracts';
import { and, desc, eq, gte, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { formatDateTime, ok } from '../../../platform/http/envelope.ts';
import { recordNotFound, unauthorized } from '../../../platform/http/errors.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../schema.ts';
import { mutedCategoriesOf } from '../user/notifyPrefs.ts';
import { announcementsRead } from './deliver.ts';
import { plainTitle, sanitizeAnnouncement } from './sanitize.ts';

type AnnouncementRow = typeof sysAnnouncement.$inferSelect;

export function toAnnouncement(row: AnnouncementRow, readFlag?: string): Announcement {
  return {
    id: row.id,
    // Stored before titles were cleaned on write: cleaned on the way out as well.
    titile: plainTitle(row.titile),
    msgContent: row.msgContent,
    msgAbstract: row.msgAbstract === null ? null : plainTitle(row.msgAbstract),
    sender: row.sender,
    sendTime: row.sendTime ? formatDateTime(row.sendTime) : null,
    createTime: formatDateTime(row.createTime),
    priority: (row.priority as Announcement['priority']) ?? 'L',
    msgCategory: row.msgCategory === '2' ? '2' : '1',
    openType: row.openType === 'url' || row.openType === 'component' ? row.openType : null,
    openPage: isSafeOpenPage(row.openPage, row.openType) ? row.openPage : null,
    busId: row.busId,
    ...(readFlag ? { readFlag: readFlag === '1' ? '1' : '0' } : {}),
  };
}

/** Published, live announcements addressed to everyone or to this user. */
function visibleTo(user: SessionUser, tenantId: number) {
  return and(
    eq(sysAnnouncement.sendStatus, '1'),
    eq(sysAnnouncement.delFlag, 0),
    eq(sysAnnouncement.tenantId, tenantId),
    // Shown from its start time (if any) until its end time (if any).
    or(isNull(sysAnnouncement.startTime), lte(sysAnnouncement.startTime, sql`now()`)),
    or(isNull(sysAnnouncement.endTime), gte(sysAnnouncement.endTime, sql`now()`)),
    or(
      eq(sysAnnouncement.msgType, 'ALL'),
      sql`(',' || coalesce(${sysAnnouncement.userIds}, '') || ',') like ${`%,${user.id},%`}`,
    ),
  );
}

export function announcementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/sys/annountCement/listByUser',
    {
      config: { access: 'login' },
      schema: { querystring: z.object({ pageSize: z.coerce.number().int().min(1).max(50).default(5) }) },
    },
    async (request) => {
      const session = sessionOf(request);
      const user = session.user;
      // Delivery rows are created lazily, the first time the user asks (reference behaviour).
      const visible = await idsWhere(db, sysAnnouncement, visibleTo(user, session.tenantId));
      if (visible.length) {
        await db
          .insert(sysAnnouncementSend)
          .values(visible.map((a) => ({ anntId: a.id, userId: user.id })))
          .onConflictDoNothing();
      }
      const muted = await mutedCategoriesOf(db, user.id);
      const delivered = await db
        .select({ annt: sysAnnouncement, readFlag: sysAnnouncementSend.readFlag })
        .from(sysAnnouncementSend)
        .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
        .where(
          and(
            eq(sysAnnouncementSend.userId, user.id),
            eq(sysAnnouncementSend.readFlag, '0'),
            visibleTo(user, session.tenantId),
          ),
        )
        .orderBy(desc(sysAnnouncement.sendTime));
      // A muted category is neither shown nor counted in the bell (still listed under 我的消息).
      const unread = muted.size
        ? delivered.filter((u) => !muted.has(notifyCategoryOf(u.annt.msgCategory, u.annt.busType)))
        : delivered;
      const notices = unread.filter((u) => u.annt.msgCategory !== '2');
      const system = unread.filter((u) => u.annt.msgCategory === '2');
      const size = request.query.pageSize;
      const result: AnnouncementsByUser = {
        anntMsgList: notices.slice(0, size).map((u) => toAnnouncement(u.annt, u.readFlag)),
        anntMsgTotal: notices.length,
        sysMsgList: system.slice(0, size).map((u) => toAnnouncement(u.annt, u.readFlag)),
        sysMsgTotal: system.length,
      };
      return ok(result);
    },
  );

  r.get(
    '/sys/annountCement/queryById',
    { config: { access: 'login' }, schema: { querystring: z.object({ id: z.string().min(1).max(32) }) } },
    async (request) => {
      const session = sessionOf(request);
      const [row] = await db
        .select()
        .from(sysAnnouncement)
        .where(and(eq(sysAnnouncement.id, request.query.id), visibleTo(session.user, session.tenantId)));
      if (!row) throw recordNotFound();
      return ok({ ...toAnnouncement(row), msgContent: sanitizeAnnouncement(row.msgContent) });
    },
  );

  const markRead = async (userId: string, anntId: string) => {
    await db
      .update(sysAnnouncementSend)
      .set({ readFlag: '1', readTime: new Date() })
      .where(and(eq(sysAnnouncementSend.anntId, anntId), eq(sysAnnouncementSend.userId, userId)));
    await announcementsRead(db, [anntId]);
  };
  const readOpts = { config: { access: 'login' as const }, schema: { body: annIdBody } };
  for (const method of ['put', 'post'] as const) {
    r[method]('/sys/sysAnnouncementSend/editByAnntIdAndUserId', readOpts, async (request) => {
      if (!request.session) throw unauthorized();
      await markRead(request.session.user.id, request.body.anntId);
      return ok(null);
    });
  }
}
