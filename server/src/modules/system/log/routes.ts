import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sysLog } from '../../../platform/audit/schema.ts';
import type { AppContext } from '../../../platform/context.ts';
import { registerResource } from '../../../platform/resource/defineResource.ts';

/** Login and operation logs (sys_log), read-only: filters by type, user, time; sort; export. */
export function logRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerResource(app, ctx, {
    path: '/sys/log',
    permission: 'system:log',
    title: '日志',
    table: sysLog,
    id: sysLog.id,
    actions: ['list', 'queryById', 'exportXls'],
    defaultOrder: [desc(sysLog.createTime)],
    fields: {
      id: { column: sysLog.id, type: 'string', filter: true },
      logType: {
        column: sysLog.logType,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'log_type',
        title: '日志类型',
      },
      logContent: { column: sysLog.logContent, type: 'string', filter: true, title: '日志内容' },
      operateType: {
        column: sysLog.operateType,
        type: 'number',
        filter: true,
        sort: true,
        dict: 'operate_type',
        title: '操作类型',
      },
      userid: { column: sysLog.userid, type: 'string', filter: true },
      username: { column: sysLog.username, type: 'string', filter: true, sort: true, title: '操作人' },
      ip: { column: sysLog.ip, type: 'string', filter: true, sort: true, title: 'IP' },
      method: { column: sysLog.method, type: 'string', filter: true, title: '请求方法' },
      requestUrl: { column: sysLog.requestUrl, type: 'string', filter: true, title: '请求路径' },
      statusCode: { column: sysLog.statusCode, type: 'number', filter: true, sort: true },
      success: { column: sysLog.success, type: 'number', filter: true, sort: true, title: '结果' },
      costTime: { column: sysLog.costTime, type: 'number', filter: true, sort: true, title: '耗时(毫秒)' },
      createTime: { column: sysLog.createTime, type: 'date', filter: true, sort: true, title: '创建时间' },
    },
  });
}
