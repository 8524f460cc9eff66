import {
  ANNOUNCEMENT_STATE,
  announcementResource,
  isSafeOpenPage,
  notifyCategoryOf,
  pageQuery,
} from '@freight/contracts';
import { and, count, desc, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { containing } from '../../../platform/db/likePattern.ts';
import { selectPage } from '../../../platform/db/selectPage.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { sessionOf } from '../../../platform/http/signedIn.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysAnnouncement, sysAnnouncementSend, sysUser } from '../schema.ts';
import { usersOfTenant } from '../tenant/service.ts';
import { announcementsRead } from './deliver.ts';
import { toAnnouncement } from './routes.ts';
import { plainTitle, sanitizeAnnouncement } from './sanitize.ts';

const idQuery = z.object({ id: z.string().min(1).max(32) });

/** "a,b," as the reference stores chosen users (ids only, no blanks, no repeats); null when none. */
function normaliseUserIds(value: unknown): string | null {
  const ids = [
    ...new Set(
      String(value ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => /^[\w-]{1,32}$/.test(id)),
    ),
  ];
  return ids.length ? `${ids.join(',')},` : null;
}

/** Who is told about a release: the chosen users, everyone (default tenant) or the tenant's users. */
async function releaseTargets(
  db: AppContext['db'],
  annt: typeof sysAnnouncement.$inferSelect,
): Promise<string[] | 'all'> {
  if (annt.msgType === 'USER') return (annt.userIds ?? '').split(',').filter(Boolean);
  if (annt.tenantId === 0) return 'all';
  const rows = await idsWhere(db, sysUser, eq(sysUser.delFlag, 0), usersOfTenant(annt.tenantId));
  return rows.map((row) => row.id);
}

export function announcementAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, announcementResource, sysAnnouncement, {
    // Every user an announcement reached opens it from the bell (routes.ts), not only the list's holders.
    ownDetail: true,
    async beforeWrite(values, mode, _request, tx) {
      if (typeof values.msgContent === 'string') values.msgContent = sanitizeAnnouncement(values.msgContent);
      if (typeof values.titile === 'string') values.titile = plainTitle(values.titile);
      if (!values.titile) throw bizError('请输入标题');
      if (typeof values.msgAbstract === 'string') values.msgAbstract = plainTitle(values.msgAbstract);
      values.userIds = values.msgType === 'USER' ? normaliseUserIds(values.userIds) : null;
      if (values.msgType === 'USER' && !values.userIds) throw bizError('请选择接收用户');
      if (values.openType && !values.openPage) throw bizError('请输入打开的页面');
      if (!values.openType) values.openPage = null;
      if (values.openType && !isSafeOpenPage(String(values.openPage), String(values.openType)))
        throw bizError(
          values.openType === 'component'
            ? '打开的页面只能是以 / 开头的站内路径'
            : '打开的页面只能是以 / 开头的站内路径或 http(s) 地址',
        );
      const start = values.startTime instanceof Date ? values.startTime : null;
      const end = values.endTime instanceof Date ? values.endTime : null;
      if (start && end && end <= start) throw bizError('结束时间必须晚于开始时间');
      if (mode === 'edit') {
        const [stored] = await tx
          .select({ sendStatus: sysAnnouncement.sendStatus })
          .from(sysAnnouncement)
          .where(eq(sysAnnouncement.id, String(values.id)));
        // What users have read stays what was released: revoke first, then edit and release again.
        if (stored?.sendStatus === ANNOUNCEMENT_STATE.released)
          throw bizError('已发布的通告不能编辑，请先撤销');
        const { sendStatus: _kept, ...rest } = values;
        return rest;
      }
      // Publishing is its own action (doReleaseData); add always makes a draft.
      return { ...values, sendStatus: ANNOUNCEMENT_STATE.draft };
    },
  });

  // The "chosen users" picker of the form: by name or account, and the labels of ids already chosen.
  r.get(
    '/sys/annountCement/userOptions',
    permitted(
      'system:announcement:list',
      {
        querystring: z.object({
          keyword: z.string().trim().max(50).optional(),
          ids: z.string().max(20_000).optional(),
        }),
      },
      false,
    ),
    async (request) => {
      const { keyword, ids } = request.query;
      const chosen = (ids ?? '').split(',').filter(Boolean).slice(0, 500);
      const like = keyword ? containing(keyword) : null;
      const rows = await db
        .select({ id: sysUser.id, username: sysUser.username, realname: sysUser.realname })
        .from(sysUser)
        .where(
          and(
            eq(sysUser.delFlag, 0),
            chosen.length
              ? inArray(sysUser.id, chosen)
              : like
                ? or(ilike(sysUser.username, like), ilike(sysUser.realname, like))
                : undefined,
          ),
        )
        .orderBy(sysUser.username)
        .limit(chosen.length ? 500 : 20);
      return ok(rows.map((u) => ({ value: u.id, label: `${u.realname}（${u.username}）` })));
    },
  );

  r.get(
    '/sys/annountCement/doReleaseData',
    permitted('system:announcement:release', { querystring: idQuery }),
    async (request) => {
      const session = sessionOf(request);
      const mine = and(
        eq(sysAnnouncement.id, request.query.id),
        eq(sysAnnouncement.tenantId, session.tenantId),
        eq(sysAnnouncement.delFlag, 0),
      );
      const [current] = await db.select().from(sysAnnouncement).where(mine);
      if (!current) throw recordNotFound();
      if (current.sendStatus === ANNOUNCEMENT_STATE.released) throw bizError('该系统通知已发布');
      if (current.endTime && current.endTime.getTime() <= Date.now())
        throw bizError('该系统通知已过期，不能发布');
      const [annt] = await db
        .update(sysAnnouncement)
        .set({
          sendStatus: ANNOUNCEMENT_STATE.released,
          sendTime: new Date(),
          sender: session.user.realname,
          cancelTime: null,
        })
        .where(and(mine, ne(sysAnnouncement.sendStatus, ANNOUNCEMENT_STATE.released)))
        .returning();
      if (!annt) throw bizError('该系统通知已发布');
      const targets = await releaseTargets(db, annt);
      await ctx.realtime.pushToUsers(targets, {
        cmd: annt.msgType === 'USER' ? 'user' : 'topic',
        msgId: annt.id,
        msgTxt: annt.titile,
        category: notifyCategoryOf(annt.msgCategory, annt.busType),
      });
      return okMessage('该系统通知发布成功');
    },
  );

  r.get(
    '/sys/annountCement/doReovkeData',
    permitted('system:announcement:release', { querystring: idQuery }),
    async (request) => {
      const session = sessionOf(request);
      const updated = await db
        .update(sysAnnouncement)
        .set({ sendStatus: ANNOUNCEMENT_STATE.revoked, cancelTime: new Date() })
        .where(
          and(
            eq(sysAnnouncement.id, request.query.id),
            eq(sysAnnouncement.tenantId, session.tenantId),
            eq(sysAnnouncement.delFlag, 0),
            eq(sysAnnouncement.sendStatus, ANNOUNCEMENT_STATE.released),
          ),
        )
        .returning({ id: sysAnnouncement.id });
      if (!updated.length) throw bizError('只能撤销已发布的通告');
      return okMessage('该系统通知撤销成功');
    },
  );

  r.put('/sys/sysAnnouncementSend/readAll', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    const marked = await db
      .update(sysAnnouncementSend)
      .set({ readFlag: '1', readTime: new Date() })
      .where(
        and(eq(sysAnnouncementSend.userId, request.session.user.id), eq(sysAnnouncementSend.readFlag, '0')),
      )
      .returning({ anntId: sysAnnouncementSend.anntId });
    await announcementsRead(
      db,
      marked.map((row) => row.anntId),
    );
    return okMessage('全部已读');
  });

  // "My announcements" (/isps/userAnnouncement): every delivered announcement, read or not, with filters.
  r.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { access: 'login' },
      schema: {
        querystring: pageQuery.extend({
          titile: z.string().max(100).optional(),
          readFlag: z.enum(['0', '1']).optional(),
          msgCategory: z.enum(['1', '2']).optional(),
        }),
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { pageNo, pageSize, titile, readFlag, msgCategory } = request.query;
      const where = and(
        eq(sysAnnouncementSend.userId, session.user.id),
        eq(sysAnnouncement.delFlag, 0),
        inArray(sysAnnouncement.sendStatus, [ANNOUNCEMENT_STATE.released]),
        titile ? ilike(sysAnnouncement.titile, containing(titile)) : undefined,
        readFlag ? eq(sysAnnouncementSend.readFlag, readFlag) : undefined,
        msgCategory ? eq(sysAnnouncement.msgCategory, msgCategory) : undefined,
      );
      const joined = () =>
        db
          .select({ annt: sysAnnouncement, readFlag: sysAnnouncementSend.readFlag })
          .from(sysAnnouncementSend)
          .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId));
      const page = await selectPage(
        { pageNo, pageSize },
        joined().where(where).orderBy(desc(sysAnnouncement.sendTime)),
        db
          .select({ total: count() })
          .from(sysAnnouncementSend)
          .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
          .where(where),
      );
      const records = page.records.map((row) => ({
        ...toAnnouncement(row.annt, row.readFlag),
        msgContent: sanitizeAnnouncement(row.annt.msgContent),
      }));
      return ok({ ...page, records });
    },
  );
}
