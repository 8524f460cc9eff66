// The demo's 系统消息: the operations team's test send of every SMS template, as 消息模板 › 发送测试 queues it
// with the template's stored test data. They go to the platform's test handset, never to a demo account's
// mobile: the browser tests read the newest message to those mobiles for the sign-in codes.
import { and, eq } from 'drizzle-orm';
import { queueTemplateTest, sysSms, sysSmsTemplate } from '../../modules/system/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { DemoSeeder } from './types.ts';

export const DEMO_TEST_HANDSET = '13700000000';

export const messagesSeeder: DemoSeeder = {
  name: 'messages',
  async run(db: Db) {
    const sent = await db
      .select({ id: sysSms.id })
      .from(sysSms)
      .where(eq(sysSms.esReceiver, DEMO_TEST_HANDSET))
      .limit(1);
    if (sent.length) return { messages: 0 };
    const templates = await db
      .select({ templateCode: sysSmsTemplate.templateCode })
      .from(sysSmsTemplate)
      .where(and(eq(sysSmsTemplate.useStatus, '1'), eq(sysSmsTemplate.templateType, '1')));
    for (const { templateCode } of templates)
      await queueTemplateTest(db, {
        templateCode,
        receiver: DEMO_TEST_HANDSET,
        createBy: 'operations01',
      });
    return { messages: templates.length };
  },
};
