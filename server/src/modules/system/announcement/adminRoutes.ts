import { pageQuery } from '@freight/contracts';
import { and, count, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError, unauthorized } from '../../../platform/http/errors.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../schema.ts';
import { toAnnouncement } from './routes.ts';
import { sanitizeAnnouncement } from './sanitize.ts';

const body = {
  titile: z.string().trim().min(1, '请输入标题').max(100),
  msgContent: z.string().max(200_000).default(''),
  msgAbstract: z.string().max(500).nullish(),
  startTime: z.coerce.date().nullish(),
  endTime: z.coerce.date().nullish(),
  priority: z.enum(['L', 'M', 'H']).default('L'),
  msgCategory: z.enum(['1', '2']).default('1'),
  msgType: z.enum(['ALL', 'USER']).default('ALL'),
  userIds: z.string().max(20_000).nullish(),
  openType: z.enum(['url', 'component']).nullish(),
  openPage: z.string().max(255).nullish(),
  busId: z.string().max(50).nullish(),
  busType: z.string().max(20).nullish(),
};
const idQuery = z.object({ id: z.string().min(1).max(32) });

export function announcementAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  registerResource(app, ctx, {
    path: '/sys/annountCement',
    permission: 'system:announcement',
    title: '系统公告',
    table: sysAnnouncement,
    id: sysAnnouncement.id,
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
    scope: { tenant: true, softDelete: true },
    defaultOrder: [desc(sysAnnouncement.createTime)],
    fields: {
      id: { column: sysAnnouncement.id, type: 'string', filter: true },
      titile: { column: sysAnnouncement.titile, type: 'string', filter: true, sort: true, title: '标题' },
      sender: { column: sysAnnouncement.sender, type: 'string', filter: true, title: '发布人' },
      priority: {
        column: sysAnnouncement.priority,
        type: 'string',
        filter: true,
        dict: 'priority',
        title: '优先级',
      },
      msgCategory: {
        column: sysAnnouncement.msgCategory,
        type: 'string',
        filter: true,
        dict: 'msg_category',
        title: '消息类型',
      },
      msgType: { column: sysAnnouncement.msgType, type: 'string', filter: true, title: '通告对象' },
      sendStatus: {
        column: sysAnnouncement.sendStatus,
        type: 'string',
        filter: true,
        dict: 'send_status',
        title: '发布状态',
      },
      sendTime: {
        column: sysAnnouncement.sendTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '发布时间',
      },
      createTime: {
        column: sysAnnouncement.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '创建时间',
      },
    },
    createSchema: z.object(body),
    updateSchema: z.object({ id: z.string().min(1).max(32), ...body }),
    beforeWrite(values, mode) {
      if (typeof values.msgContent === 'string') values.msgContent = sanitizeAnnouncement(values.msgContent);
      if (values.msgType === 'USER' && !values.userIds) throw bizError('请选择接收用户');
      // Publishing is its own action (doReleaseData); add always makes a draft.
      return mode === 'add' ? { ...values, sendStatus: '0' } : values;
    },
  });

  r.get(
    '/sys/annountCement/doReleaseData',
    { config: { access: perm('system:announcement:release') }, schema: { querystring: idQuery } },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const [annt] = await db
        .update(sysAnnouncement)
        .set({ sendStatus: '1', sendTime: new Date(), sender: session.user.realname })
        .where(
          and(
            eq(sysAnnouncement.id, request.query.id),
            eq(sysAnnouncement.tenantId, session.tenantId),
            eq(sysAnnouncement.delFlag, 0),
          ),
        )
        .returning();
      if (!annt) throw bizError('未找到对应数据');
      const targets = annt.msgType === 'USER' ? (annt.userIds ?? '').split(',').filter(Boolean) : 'all';
      await ctx.realtime.pushToUsers(targets, {
        cmd: annt.msgType === 'USER' ? 'user' : 'topic',
        msgId: annt.id,
        msgTxt: annt.titile,
      });
      return okMessage('该系统通知发布成功');
    },
  );

  r.get(
    '/sys/annountCement/doReovkeData',
    { config: { access: perm('system:announcement:release') }, schema: { querystring: idQuery } },
    async (request) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const updated = await db
        .update(sysAnnouncement)
        .set({ sendStatus: '2', cancelTime: new Date() })
        .where(and(eq(sysAnnouncement.id, request.query.id), eq(sysAnnouncement.tenantId, session.tenantId)))
        .returning({ id: sysAnnouncement.id });
      if (!updated.length) throw bizError('未找到对应数据');
      return okMessage('该系统通知撤销成功');
    },
  );

  r.put('/sys/sysAnnouncementSend/readAll', { config: { access: 'login' } }, async (request) => {
    if (!request.session) throw unauthorized();
    await db
      .update(sysAnnouncementSend)
      .set({ readFlag: '1', readTime: new Date() })
      .where(
        and(eq(sysAnnouncementSend.userId, request.session.user.id), eq(sysAnnouncementSend.readFlag, '0')),
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
      const session = request.session;
      if (!session) throw unauthorized();
      const { pageNo, pageSize, titile, readFlag, msgCategory } = request.query;
      const where = and(
        eq(sysAnnouncementSend.userId, session.user.id),
        eq(sysAnnouncement.delFlag, 0),
        inArray(sysAnnouncement.sendStatus, ['1']),
        titile ? ilike(sysAnnouncement.titile, `%${titile.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        readFlag ? eq(sysAnnouncementSend.readFlag, readFlag) : undefined,
        msgCategory ? eq(sysAnnouncement.msgCategory, msgCategory) : undefined,
      );
      const joined = () =>
        db
          .select({ annt: sysAnnouncement, readFlag: sysAnnouncementSend.readFlag })
          .from(sysAnnouncementSend)
          .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId));
      const [rows, [{ total }]] = await Promise.all([
        joined()
          .where(where)
          .orderBy(desc(sysAnnouncement.sendTime))
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize),
        db
          .select({ total: count() })
          .from(sysAnnouncementSend)
          .innerJoin(sysAnnouncement, eq(sysAnnouncement.id, sysAnnouncementSend.anntId))
          .where(where),
      ]);
      const records = rows.map((row) => ({
        ...toAnnouncement(row.annt, row.readFlag),
        msgContent: sanitizeAnnouncement(row.annt.msgContent),
      }));
      return ok({
        records,
        total: Number(total),
        size: pageSize,
        current: pageNo,
        pages: Math.ceil(Number(total) / pageSize),
      });
    },
  );
}
