import { isMobile, MESSAGE_SEND_STATE } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { bizError } from '../../../platform/http/errors.ts';
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

/**
 * A template's test send (消息模板 › 发送测试): the template rendered with the given test data (or its stored
 * test data) and queued for the receiver; the send job hands it to the channel.
 */
export async function queueTemplateTest(
  db: DbOrTx,
  send: { templateCode: string; receiver: string; testData?: string | null; createBy?: string },
): Promise<typeof sysSms.$inferSelect> {
  const [template] = await db
    .select()
    .from(sysSmsTemplate)
    .where(eq(sysSmsTemplate.templateCode, send.templateCode));
  if (!template) throw bizError('模板不存在');
  if (template.useStatus !== '1') throw bizError('模板未启用');
  checkReceiver(template.templateType, send.receiver);
  const params = parseParams(send.testData ?? template.templateTestJson);
  const [queued] = await db
    .insert(sysSms)
    .values({
      esTitle: template.templateName,
      esType: template.templateType,
      esReceiver: send.receiver,
      esParam: JSON.stringify(params),
      esContent: renderTemplate(template.templateContent, params),
      esSendStatus: MESSAGE_SEND_STATE.queued,
      createBy: send.createBy,
    })
    .returning();
  return queued;
}
