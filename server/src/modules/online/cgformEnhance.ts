// biome-ignore-all lint/suspicious/noTemplateCurlyInString: `${name}` is the enhancement placeholder syntax.
// Enhancements of an online form's custom buttons: a JS text the console runs in a sandboxed frame (never in
// its own page), and an SQL statement the server runs on the form's own table only — parsed, its table and
// functions checked, every value bound. Designers edit them; every save is a version, 16 kept per code.
import { CGFORM_SCHEMA } from '@freight/contracts';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { forSignedIn, permitted } from '../../platform/http/permitted.ts';
import { sessionOf, usernameOf } from '../../platform/http/signedIn.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { registerDeleteByIdRoute } from '../../platform/resource/deleteById.ts';
import { formFor, syncedForm } from './cgformAccess.ts';
import { cgformTotalsKey } from './cgformData.ts';
import { onlCgformButton, onlCgformEnhance } from './cgformEnhanceSchema.ts';
import { CGFORM_DESIGN } from './cgformRoutes.ts';
import type { CgformSnapshot } from './cgformSchema.ts';
import { ALLOWED_FUNCTIONS } from './reportGuard.ts';
import { type CompiledSql, compileSqlStatement, ReportSqlError } from './reportSql.ts';

/** Saved texts kept per form, kind and button code. */
export const ENHANCE_HISTORY = 16;
const MAX_JS_CHARS = 20_000;

const headId = z.string().min(1).max(32);
const buttonCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '按钮编码只能包含字母、数字和下划线，以字母开头');
const kind = z.enum(['js', 'sql']);

/** Words that may stand before `(` in an enhancement besides the allowed functions. */
const KEYWORDS_BEFORE_PAREN = new Set(
  'in values exists any all and or not set where on as cast coalesce nullif greatest least between select from returning'.split(
    ' ',
  ),
);

class Rollback extends Error {}

/**
 * The statement split at its placeholders: one UPDATE, INSERT or DELETE, no comments or second statement,
 * calling only the report guard's functions. Which tables it touches is asked of PostgreSQL (tableCheck).
 */
export function compileEnhanceSql(source: string, tableName: string): CompiledSql {
  return compileSqlStatement(source, {
    noun: 'SQL增强',
    first: /^(update|insert|delete)\b/i,
    firstMessage: 'SQL增强必须是一条 UPDATE、INSERT 或 DELETE 语句',
    secondMessage: 'SQL增强只能是一条语句',
    words(plain) {
      for (const match of plain.matchAll(/([A-Za-z_][A-Za-z0-9_$]*|"(?:[^"]|"")*")\s*\(/g)) {
        const word = (match[1] ?? '').toLowerCase();
        if (word === tableName || word === `"${tableName}"`) continue;
        if (KEYWORDS_BEFORE_PAREN.has(word) || ALLOWED_FUNCTIONS.has(word)) continue;
        throw new ReportSqlError(`SQL增强不能调用函数 ${word}`);
      }
    },
  });
}

const searchPath = sql.raw(`set local search_path to ${CGFORM_SCHEMA}, pg_catalog`);

/** Every relation the planner would touch must be the form's own table in the online schema. */
async function checkTables(db: DbOrTx, compiled: CompiledSql, tableName: string): Promise<void> {
  const text = compiled.parts.join('NULL');
  let refusal: string | null = null;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(searchPath);
      let plan: unknown;
      try {
        const [row] = rowsOf<{ 'QUERY PLAN': unknown }>(
          await tx.execute(sql.raw(`explain (verbose, format json) ${text}`)),
        );
        plan = row?.['QUERY PLAN'];
      } catch (error) {
        const message = (error as { cause?: { message?: string }; message?: string }).cause?.message;
        refusal = `SQL增强解析失败: ${message ?? (error as Error).message}`;
        throw new Rollback();
      }
      const relations: Array<{ schema: string; name: string }> = [];
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) {
          for (const item of node) walk(item);
          return;
        }
        if (!node || typeof node !== 'object') return;
        const record = node as Record<string, unknown>;
        if (typeof record['Relation Name'] === 'string')
          relations.push({ schema: String(record.Schema ?? ''), name: record['Relation Name'] });
        for (const value of Object.values(record)) walk(value);
      };
      walk(typeof plan === 'string' ? JSON.parse(plan) : plan);
      const other = relations.find((r) => r.schema !== CGFORM_SCHEMA || r.name !== tableName);
      if (other) refusal = `SQL增强只能操作本表单的表 ${tableName}，不能操作 ${other.schema}.${other.name}`;
      else if (!relations.length) refusal = `SQL增强必须操作本表单的表 ${tableName}`;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  if (refusal) throw new ReportSqlError(refusal);
}

/** Placeholders an enhancement may use: the row's fields, its id and the caller's. */
function paramNames(definition: CgformSnapshot): Set<string> {
  return new Set([
    'id',
    ...definition.fields.map((f) => f.dbFieldName),
    'sys_user_code',
    'sys_tenant_id',
    'sys_date',
  ]);
}

export function cgformEnhanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  const syncedHead = (id: string) => syncedForm(db, id);
  const allowed = (request: FastifyRequest, id: string, action: string) => formFor(db, request, id, action);

  async function checked(form: { synced: CgformSnapshot }, kindOf: 'js' | 'sql', content: string) {
    if (kindOf === 'js') {
      if (content.length > MAX_JS_CHARS) throw bizError('JS增强过长', 400);
      return;
    }
    const tableName = form.synced.head.tableName;
    try {
      const compiled = compileEnhanceSql(content, tableName);
      const allowedNames = paramNames(form.synced);
      const unknown = compiled.params.find((p) => !allowedNames.has(p));
      if (unknown) throw new ReportSqlError(`SQL增强的参数 \${${unknown}} 不是表单的字段`);
      await checkTables(db, compiled, tableName);
    } catch (error) {
      if (error instanceof ReportSqlError) throw bizError(error.message, 400);
      throw error;
    }
  }

  /** The texts in force of a form, one per kind and code. */
  async function current(id: string) {
    const rows = await db
      .select()
      .from(onlCgformEnhance)
      .where(eq(onlCgformEnhance.cgformHeadId, id))
      .orderBy(desc(onlCgformEnhance.version));
    const seen = new Map<string, (typeof rows)[number]>();
    for (const row of rows) {
      const key = `${row.kind}:${row.buttonCode}`;
      if (!seen.has(key)) seen.set(key, row);
    }
    return seen;
  }

  // Buttons of the list and their JS, for whoever may read the form's list.
  r.get(
    '/online/cgform/enhance/buttons/:headId',
    forSignedIn({ params: z.object({ headId }) }, false),
    async (request) => {
      const form = await allowed(request, request.params.headId, 'list');
      const buttons = await db
        .select()
        .from(onlCgformButton)
        .where(eq(onlCgformButton.cgformHeadId, form.id))
        .orderBy(asc(onlCgformButton.orderNum), asc(onlCgformButton.createTime));
      const texts = await current(form.id);
      return ok(
        buttons.map((b) => ({
          id: b.id,
          buttonCode: b.buttonCode,
          buttonName: b.buttonName,
          buttonNameEn: b.buttonNameEn,
          orderNum: b.orderNum,
          js: texts.get(`js:${b.buttonCode}`)?.content ?? null,
          sql: texts.has(`sql:${b.buttonCode}`),
        })),
      );
    },
  );

  r.post(
    '/online/cgform/enhance/button',
    permitted(
      `${CGFORM_DESIGN}:edit`,
      {
        body: z.object({
          cgformHeadId: headId,
          buttonCode,
          buttonName: z.string().trim().min(1, '按钮名称不能为空').max(50),
          buttonNameEn: z.string().trim().max(50).nullish(),
          orderNum: z.coerce.number().int().min(0).max(1000).default(0),
        }),
      },
      { operateType: 2, content: '保存自定义按钮' },
    ),
    async (request) => {
      const body = request.body;
      await syncedHead(body.cgformHeadId);
      const by = usernameOf(request);
      const values = {
        buttonName: body.buttonName,
        buttonNameEn: body.buttonNameEn || null,
        orderNum: body.orderNum,
      };
      const [existing] = await idsWhere(
        db,
        onlCgformButton,
        eq(onlCgformButton.cgformHeadId, body.cgformHeadId),
        eq(onlCgformButton.buttonCode, body.buttonCode),
      );
      if (existing)
        await db
          .update(onlCgformButton)
          .set({ ...values, updateBy: by, updateTime: new Date() })
          .where(eq(onlCgformButton.id, existing.id));
      else
        await db
          .insert(onlCgformButton)
          .values({ ...values, cgformHeadId: body.cgformHeadId, buttonCode: body.buttonCode, createBy: by });
      return okMessage('保存成功！');
    },
  );

  registerDeleteByIdRoute(app, db, {
    path: '/online/cgform/enhance/button',
    permission: `${CGFORM_DESIGN}:edit`,
    content: '删除自定义按钮',
    table: onlCgformButton,
  });

  // A new version of a button's JS or SQL; the oldest beyond the history cap go.
  r.post(
    '/online/cgform/enhance/save',
    permitted(
      `${CGFORM_DESIGN}:edit`,
      {
        body: z.object({ cgformHeadId: headId, kind, buttonCode, content: z.string().max(MAX_JS_CHARS) }),
      },
      { operateType: 3, content: '保存表单增强' },
    ),
    async (request) => {
      const body = request.body;
      const form = await syncedHead(body.cgformHeadId);
      await checked(form, body.kind, body.content);
      const version = await db.transaction(async (tx) => {
        const same = and(
          eq(onlCgformEnhance.cgformHeadId, form.id),
          eq(onlCgformEnhance.kind, body.kind),
          eq(onlCgformEnhance.buttonCode, body.buttonCode),
        );
        // One writer per code at a time, so two saves do not take the same version.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`cgform-enhance:${form.id}:${body.kind}:${body.buttonCode}`}))`,
        );
        const [last] = await tx
          .select({ version: onlCgformEnhance.version })
          .from(onlCgformEnhance)
          .where(same)
          .orderBy(desc(onlCgformEnhance.version))
          .limit(1);
        const next = (last?.version ?? 0) + 1;
        await tx.insert(onlCgformEnhance).values({
          cgformHeadId: form.id,
          kind: body.kind,
          buttonCode: body.buttonCode,
          content: body.content,
          version: next,
          createBy: usernameOf(request),
        });
        const old = await idsWhere(tx, onlCgformEnhance, same)
          .orderBy(desc(onlCgformEnhance.version))
          .offset(ENHANCE_HISTORY);
        if (old.length)
          await tx.delete(onlCgformEnhance).where(
            inArray(
              onlCgformEnhance.id,
              old.map((o) => o.id),
            ),
          );
        return next;
      });
      return ok({ version }, '保存成功！');
    },
  );

  r.get(
    '/online/cgform/enhance/history',
    permitted(
      `${CGFORM_DESIGN}:list`,
      { querystring: z.object({ cgformHeadId: headId, kind, buttonCode }) },
      false,
    ),
    async (request) =>
      ok(
        await db
          .select()
          .from(onlCgformEnhance)
          .where(
            and(
              eq(onlCgformEnhance.cgformHeadId, request.query.cgformHeadId),
              eq(onlCgformEnhance.kind, request.query.kind),
              eq(onlCgformEnhance.buttonCode, request.query.buttonCode),
            ),
          )
          .orderBy(desc(onlCgformEnhance.version)),
      ),
  );

  // A custom button's SQL on one row, by whoever may edit the form's rows.
  r.post(
    '/online/cgform/enhance/run/:headId/:buttonCode',
    forSignedIn(
      { params: z.object({ headId, buttonCode }), body: z.object({ id: z.string().min(1).max(32) }) },
      { operateType: 3, content: '执行SQL增强' },
    ),
    async (request) => {
      const form = await allowed(request, request.params.headId, 'edit');
      const session = sessionOf(request);
      const text = (await current(form.id)).get(`sql:${request.params.buttonCode}`)?.content;
      if (!text) throw bizError('该按钮没有SQL增强', 404);
      const { tableName } = form.synced.head;
      // Checked again on every run: the table may have changed since the text was saved.
      await checked(form, 'sql', text);
      const compiled = compileEnhanceSql(text, tableName);
      const table = sql`${sql.identifier(CGFORM_SCHEMA)}.${sql.identifier(tableName)}`;
      const [row] = rowsOf<Record<string, unknown>>(
        await db.execute(
          sql`select * from ${table} where id = ${request.body.id} and tenant_id = ${session.tenantId}`,
        ),
      );
      if (!row) throw recordNotFound();
      const values: Record<string, unknown> = {
        ...row,
        sys_user_code: session.user.username,
        sys_tenant_id: session.tenantId,
        sys_date: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10),
      };
      const chunks: SQL[] = [];
      compiled.parts.forEach((part, i) => {
        chunks.push(sql.raw(part));
        if (i < compiled.params.length) chunks.push(sql`${values[compiled.params[i] as string] ?? null}`);
      });
      const affected = await db.transaction(async (tx) => {
        await tx.execute(searchPath);
        await tx.execute(sql`set local statement_timeout = 5000`);
        const result = (await tx.execute(sql.join(chunks, sql.raw('')))) as {
          rowCount?: number;
          affectedRows?: number;
        };
        return result.rowCount ?? result.affectedRows ?? 0;
      });
      listTotalsOf(db).invalidate(cgformTotalsKey(tableName));
      return ok({ affected }, '执行成功！');
    },
  );
}
