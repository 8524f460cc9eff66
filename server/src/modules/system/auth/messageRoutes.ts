import {
  isMobile,
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
import { renderTemplate } from './smsTemplates.ts';

function parseParams(text: string | null | undefined): Record<string, string> {
  if (!text?.trim()) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(JSON.parse(text) as Record<string, unknown>))
    out[key] = typeof value === 'string' ? value : JSON.stringify(value);
  return out;
}

/** A receiver fit for the template's channel: a mobile for SMS, an address for mail. */
function checkReceiver(type: string, receiver: string): void {
  if (type === '1' && !isMobile(receiver)) throw bizError('请输入正确的手机号码');
  if (type === '2' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(receiver)) throw bizError('请输入正确的邮箱地址');
}

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

  // Test send: the template rendered with the given (or its stored) test data, queued for the receiver.
  r.post(
    '/sys/message/sysMessageTemplate/sendMsg',
    permitted('system:msgtemplate:edit', {
      body: z.object({
        templateCode: z.string().min(1).max(32),
        receiver: z.string().trim().min(1, '请输入接收人').max(50),
        testData: templateTestData.nullish(),
      }),
    }),
    async (request) => {
      const { templateCode, receiver, testData } = request.body;
      const [template] = await db
        .select()
        .from(sysSmsTemplate)
        .where(eq(sysSmsTemplate.templateCode, templateCode));
      if (!template) throw bizError('模板不存在');
      if (template.useStatus !== '1') throw bizError('模板未启用');
      checkReceiver(template.templateType, receiver);
      const params = parseParams(testData ?? template.templateTestJson);
      const [queued] = await db
        .insert(sysSms)
        .values({
          esTitle: template.templateName,
          esType: template.templateType,
          esReceiver: receiver,
          esParam: JSON.stringify(params),
          esContent: renderTemplate(template.templateContent, params),
          esSendStatus: MESSAGE_SEND_STATE.queued,
          createBy: request.session?.user.username,
        })
        .returning();
      return ok(queued, '已加入发送队列');
    },
  );
}
