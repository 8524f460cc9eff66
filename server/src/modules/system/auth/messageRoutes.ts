import {
  MESSAGE_SEND_STATE,
  messageTemplateBody,
  messageTemplateResource,
  sysMessageResource,
  templateTestData,
} from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysSms, sysSmsTemplate } from '../authSchema.ts';
import { queueTemplateTest } from './templateTest.ts';

// The system messages and message templates screens (reference /sys/message/*): the queue that the
// default SMS channel writes, and the templates the codes are rendered from.

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  bindResource(app, ctx, sysMessageResource, sysSms);

  // Failed or given-up messages go back to the queue with a fresh attempt count; the send job takes them.
  r.put(
    '/sys/message/sysMessage/resend',
    permitted('system:message:edit', { body: z.object({ ids: z.string().min(1).max(20_000) }) }),
    async (request) => {
      const ids = [...new Set(request.body.ids.split(',').filter(Boolean))];
      if (ids.length === 0 || ids.length > 1000) throw bizError('请选择1到1000条记录');
      const requeued = await db
        .update(sysSms)
        .set({
          esSendStatus: MESSAGE_SEND_STATE.queued,
          esSendNum: 0,
          esResult: null,
          updateTime: new Date(),
        })
        // A verification code is never sent again (its text is stored blanked out, and it expires anyway).
        .where(
          and(
            inArray(sysSms.id, ids),
            inArray(sysSms.esSendStatus, [MESSAGE_SEND_STATE.failed, MESSAGE_SEND_STATE.givenUp]),
            eq(sysSms.secret, false),
          ),
        )
        .returning({ id: sysSms.id });
      if (!requeued.length) throw bizError('只有发送失败的消息可以重新发送');
      return okMessage(`已重新加入发送队列：${requeued.length}条`);
    },
  );

  bindResource(app, ctx, messageTemplateResource, sysSmsTemplate, {
    updateSchema: messageTemplateBody.partial().extend({ id: z.string().min(1).max(32) }),
  });

  r.post(
    '/sys/message/sysMessageTemplate/sendMsg',
    permitted('system:msgtemplate:edit', {
      body: z.object({
        templateCode: z.string().min(1).max(32),
        receiver: z.string().trim().min(1, '请输入接收人').max(50),
        testData: templateTestData.nullish(),
      }),
    }),
    async (request) =>
      ok(
        await queueTemplateTest(db, { ...request.body, createBy: request.session?.user.username }),
        '已加入发送队列',
      ),
  );
}
