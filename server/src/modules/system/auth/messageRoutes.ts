import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../../platform/context.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';
import { sysSms, sysSmsTemplate } from '../authSchema.ts';

// The system messages and message templates screens (reference /sys/message/*): the queue that the
// default SMS channel writes, and the templates the codes are rendered from.

export function messageRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    path: '/sys/message/sysMessage',
    permission: 'system:message',
    title: '系统消息',
    table: sysSms,
    id: sysSms.id,
    // Messages are a record of what was sent: they are read and deleted, never written by hand.
    actions: ['list', 'queryById', 'delete', 'deleteBatch', 'exportXls'],
    defaultOrder: [desc(sysSms.createTime)],
    fields: {
      id: { column: sysSms.id, type: 'string', filter: true },
      esTitle: { column: sysSms.esTitle, type: 'string', filter: true, title: '消息标题' },
      esType: { column: sysSms.esType, type: 'string', filter: true, title: '发送方式' },
      esReceiver: { column: sysSms.esReceiver, type: 'string', filter: true, title: '接收人' },
      esContent: { column: sysSms.esContent, type: 'string', title: '发送内容' },
      esSendStatus: { column: sysSms.esSendStatus, type: 'number', filter: true, title: '发送状态' },
      esSendTime: { column: sysSms.esSendTime, type: 'date', filter: true, sort: true, title: '发送时间' },
      esResult: { column: sysSms.esResult, type: 'string', title: '发送结果' },
      createTime: { column: sysSms.createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
    },
  });

  const templateFields = {
    templateName: z.string().trim().min(1, '请输入模板标题').max(50),
    templateCode: z.string().trim().min(1, '请输入模板编码').max(32),
    templateType: z.enum(['1', '2', '3']).optional(),
    templateContent: z.string().min(1, '请输入模板内容').max(1000),
    templateTestJson: z.string().max(1000).optional(),
    providerTemplateCode: z.string().max(64).optional(),
    useStatus: z.enum(['0', '1']).optional(),
  };
  registerResource(app, ctx, {
    path: '/sys/message/sysMessageTemplate',
    permission: 'system:msgtemplate',
    title: '消息模板',
    table: sysSmsTemplate,
    id: sysSmsTemplate.id,
    defaultOrder: [desc(sysSmsTemplate.createTime)],
    fields: {
      id: { column: sysSmsTemplate.id, type: 'string', filter: true },
      templateName: { column: sysSmsTemplate.templateName, type: 'string', filter: true, title: '模板标题' },
      templateCode: {
        column: sysSmsTemplate.templateCode,
        type: 'string',
        filter: true,
        sort: true,
        title: '模板编码',
      },
      templateType: { column: sysSmsTemplate.templateType, type: 'string', filter: true, title: '模板类型' },
      templateContent: { column: sysSmsTemplate.templateContent, type: 'string', title: '模板内容' },
      providerTemplateCode: {
        column: sysSmsTemplate.providerTemplateCode,
        type: 'string',
        title: '服务商模板编码',
      },
      useStatus: { column: sysSmsTemplate.useStatus, type: 'string', filter: true, title: '是否启用' },
      createTime: {
        column: sysSmsTemplate.createTime,
        type: 'date',
        filter: true,
        sort: true,
        title: '创建时间',
      },
    },
    createSchema: z.object(templateFields),
    updateSchema: z
      .object(templateFields)
      .partial()
      .extend({ id: z.string().min(1).max(32) }),
  });
}
