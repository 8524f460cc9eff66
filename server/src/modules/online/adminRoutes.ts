// Report definitions (reference onl_cgreport_head/item/param): list, detail, add and edit of a head with its
// columns and parameters in one transaction, delete, and "test the SQL" (parse + first rows).
import {
  type ReportDefinition,
  type ReportFieldType,
  reportDefinitionBody,
  reportHeadResource,
  reportParamBody,
  reportParseBody,
} from '@freight/contracts';
import { eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, forbidden } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { sessionOf } from '../../platform/http/signedIn.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { tableDictOf } from '../system/index.ts';
import { reportCall } from './apiRoutes.ts';
import type { ReportColumn } from './reportGuard.ts';
import { paramTypes, partyParams } from './reportService.ts';
import type { ReportSources } from './reportSource.ts';
import {
  checkParamValue,
  compileReportSql,
  ReportSqlError,
  SYSTEM_PARAMS,
  userParamNames,
} from './reportSql.ts';
import { onlCgreportHead, onlCgreportItem, onlCgreportParam } from './schema.ts';

type Definition = ReportDefinition;

/** The console's column type of a PostgreSQL type. */
export function fieldTypeOf(pgType: string): ReportFieldType {
  if (pgType === 'integer' || pgType === 'smallint') return 'Integer';
  if (pgType === 'bigint') return 'Long';
  if (pgType.startsWith('numeric')) return 'BigDecimal';
  if (pgType === 'double precision' || pgType === 'real') return 'Double';
  if (pgType === 'date') return 'Date';
  if (pgType.startsWith('timestamp')) return 'Datetime';
  return 'String';
}

/** Everything a definition must satisfy before it is stored; returns the SQL's columns. */
async function checkDefinition(
  sources: ReportSources,
  def: Definition,
  tenantId: number | undefined,
): Promise<ReportColumn[]> {
  const compiled = compileReportSql(def.head.cgrSql);
  const declared = new Set(def.params.map((p) => p.paramName));
  for (const p of def.params) {
    if (p.paramName in SYSTEM_PARAMS) throw new ReportSqlError(`参数名 ${p.paramName} 是系统参数`);
    const problem = checkParamValue(p.paramType, p.paramValue);
    if (problem) throw new ReportSqlError(`参数 ${p.paramName} 的默认值: ${problem}`);
  }
  if (declared.size !== def.params.length) throw new ReportSqlError('参数名重复');
  const missing = userParamNames(compiled).filter((name) => !declared.has(name));
  if (missing.length) throw new ReportSqlError(`请配置SQL中的参数: ${missing.join(', ')}`);
  const target = await sources.target(def.head.dbSource, tenantId);
  const columns = await target.columns(compiled, paramTypes(compiled, def.params));
  const names = new Set(columns.map((c) => c.name));
  const seen = new Set<string>();
  for (const item of def.items) {
    if (!names.has(item.fieldName)) throw new ReportSqlError(`SQL没有返回字段 ${item.fieldName}`);
    if (seen.has(item.fieldName)) throw new ReportSqlError(`字段重复: ${item.fieldName}`);
    seen.add(item.fieldName);
    const code = item.dictCode;
    if (code?.includes(',') && !tableDictOf(code)) throw new ReportSqlError(`字典 ${code} 不在白名单中`);
  }
  return columns;
}

export function reportAdminRoutes(app: FastifyInstance, ctx: AppContext, sources: ReportSources): void {
  bindResource(app, ctx, reportHeadResource, onlCgreportHead, {
    async afterDelete(rows, tx) {
      const ids = rows.map((row) => String(row.id));
      if (!ids.length) return;
      await tx.delete(onlCgreportItem).where(inArray(onlCgreportItem.cgrheadId, ids));
      await tx.delete(onlCgreportParam).where(inArray(onlCgreportParam.cgrheadId, ids));
    },
  });
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/online/cgreport/head/detail',
    permitted('online:cgreport:list', { querystring: z.object({ id: z.string().min(1).max(32) }) }, false),
    async (request) => {
      const [head] = await db.select().from(onlCgreportHead).where(eq(onlCgreportHead.id, request.query.id));
      if (!head) throw bizError('报表不存在');
      const [items, params] = await Promise.all([
        db
          .select()
          .from(onlCgreportItem)
          .where(eq(onlCgreportItem.cgrheadId, head.id))
          .orderBy(onlCgreportItem.orderNum),
        db
          .select()
          .from(onlCgreportParam)
          .where(eq(onlCgreportParam.cgrheadId, head.id))
          .orderBy(onlCgreportParam.orderNum),
      ]);
      return ok({ head, items, params });
    },
  );

  async function save(
    mode: 'add' | 'edit',
    body: Definition & { id?: string },
    session: { user: { username: string }; tenantId: number } | null | undefined,
  ) {
    const username = session?.user.username;
    await reportCall(() => checkDefinition(sources, body, session?.tenantId));
    return db.transaction(async (tx) => {
      const clash = await idsWhere(
        tx,
        onlCgreportHead,
        eq(onlCgreportHead.code, body.head.code),
        mode === 'edit' && body.id ? ne(onlCgreportHead.id, body.id) : undefined,
      ).limit(1);
      if (clash.length) throw bizError('报表编码已存在!');
      let headId: string;
      if (mode === 'add') {
        const [row] = await tx
          .insert(onlCgreportHead)
          .values({ ...body.head, createBy: username })
          .returning({ id: onlCgreportHead.id });
        headId = row.id;
      } else {
        const [row] = await tx
          .update(onlCgreportHead)
          .set({ ...body.head, updateBy: username, updateTime: new Date() })
          .where(eq(onlCgreportHead.id, body.id as string))
          .returning({ id: onlCgreportHead.id });
        if (!row) throw bizError('报表不存在');
        headId = row.id;
        await tx.delete(onlCgreportItem).where(eq(onlCgreportItem.cgrheadId, headId));
        await tx.delete(onlCgreportParam).where(eq(onlCgreportParam.cgrheadId, headId));
      }
      if (body.items.length)
        await tx.insert(onlCgreportItem).values(
          body.items.map((item, i) => ({
            ...item,
            fieldWidth: item.fieldWidth ?? null,
            searchMode: item.searchMode ?? null,
            orderNum: item.orderNum || i + 1,
            cgrheadId: headId,
            createBy: username,
          })),
        );
      if (body.params.length)
        await tx.insert(onlCgreportParam).values(
          body.params.map((p, i) => ({
            ...p,
            orderNum: p.orderNum || i + 1,
            cgrheadId: headId,
            createBy: username,
          })),
        );
      return headId;
    });
  }

  r.post(
    '/online/cgreport/head/add',
    permitted('online:cgreport:add', { body: reportDefinitionBody }, { operateType: 2, content: '新增报表' }),
    async (request) => {
      const id = await save('add', request.body, request.session);
      return ok({ id }, '添加成功！');
    },
  );

  r.put(
    '/online/cgreport/head/edit',
    permitted(
      'online:cgreport:edit',
      { body: reportDefinitionBody.extend({ id: z.string().min(1).max(32) }) },
      { operateType: 3, content: '编辑报表' },
    ),
    async (request) => {
      await save('edit', request.body, request.session);
      return okMessage('编辑成功!');
    },
  );

  // "Test the SQL": the columns it returns (to fill the column list), its parameters and its first rows.
  r.post(
    '/online/cgreport/head/parseSql',
    permitted('online:cgreport:list', { body: reportParseBody }, false),
    async (request) => {
      const session = sessionOf(request);
      const codes = (await grantsOf(db, session.user.id)).codes;
      if (!codes.has('online:cgreport:add') && !codes.has('online:cgreport:edit')) throw forbidden();
      return reportCall(async () => {
        const compiled = compileReportSql(request.body.sql);
        const names = userParamNames(compiled);
        const params = names.map(
          (name) =>
            request.body.params.find((p) => p.paramName === name) ??
            reportParamBody.parse({ paramName: name }),
        );
        const types = paramTypes(compiled, params);
        const target = await sources.target(request.body.dbSource, session.tenantId);
        const columns = await target.columns(compiled, types);
        const values: Record<string, string | number | null> = {
          sys_tenant_id: session.tenantId,
          sys_user_id: session.user.id,
          sys_user_code: session.user.username,
          sys_org_code: session.user.orgCode,
          sys_cid: session.user.cid,
          sys_date: new Date().toISOString().slice(0, 10),
          ...partyParams(session),
        };
        for (const p of params) {
          const problem = checkParamValue(p.paramType, p.paramValue);
          if (problem) throw new ReportSqlError(`参数 ${p.paramName}: ${problem}`);
          values[p.paramName] = p.paramValue ?? null;
        }
        const preview = await target.run({
          compiled,
          types,
          values,
          columns,
          filters: [],
          page: { limit: 10, offset: 0 },
          count: true,
        });
        return ok({
          fields: columns.map((c, i) => ({
            fieldName: c.name,
            fieldTxt: c.name,
            fieldType: fieldTypeOf(c.pgType),
            pgType: c.pgType,
            orderNum: i + 1,
          })),
          params: params.map((p) => ({
            paramName: p.paramName,
            paramType: p.paramType,
            paramValue: p.paramValue,
          })),
          total: preview.total,
          records: preview.records,
        });
      });
    },
  );
}
