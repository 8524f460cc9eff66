// The data of online forms (issue 22): JeecgBoot's paths (getColumns, getData, form, exportXls, importXls)
// and, beside them, the resource paths the console's list components call (`/online/cgform/api/data/<id>/…`).
// Both run the same handlers over the synced definition: its declaration (contracts' cgformDecl), a drizzle
// table of it, and the resource engine's filters, so only declared fields reach SQL, always as bound values.
import {
  CGFORM_SCHEMA,
  type CgformDefinition,
  cgformDecl,
  cgformPermission,
  exportColumnsOf,
  isImported,
  pageQuery,
  type ResourceDecl,
} from '@freight/contracts';
import { and, eq, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { grantsOf } from '../../platform/access/grants.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok, okMessage, pageOf } from '../../platform/http/envelope.ts';
import { bizError, forbidden, recordNotFound, unauthorized } from '../../platform/http/errors.ts';
import { fieldMapOf } from '../../platform/resource/bindResource.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { readImportRows } from '../../platform/resource/excelImport.ts';
import { andAll, buildFilters, buildOrder, type FieldMap } from '../../platform/resource/query.ts';
import { CGFORM_DESIGN } from './cgformRoutes.ts';
import { type CgformSnapshot, onlCgformHead } from './cgformSchema.ts';
import { cgformBodyOf, cgformTableOf, defaultsOf } from './cgformTable.ts';

type Row = Record<string, unknown>;
type Action = 'list' | 'add' | 'edit' | 'delete' | 'export' | 'import';

interface LiveForm {
  id: string;
  stamp: string;
  definition: CgformSnapshot;
  decl: ResourceDecl;
  table: PgTable;
  columns: Record<string, PgColumn>;
  fields: FieldMap;
  addBody: z.ZodType<Row>;
  editBody: z.ZodType<Row>;
}

const codeParams = z.object({ code: z.string().min(1).max(32) });
const rowParams = codeParams.extend({ id: z.string().min(1).max(20_000) });
const IMPORT_MAX_ROWS = 10_000;
const EXPORT_MAX_ROWS = 100_000;

/** Where a form's list totals are kept (platform/resource/countCache.ts); writes elsewhere drop them. */
export const cgformTotalsKey = (tableName: string) => `${CGFORM_SCHEMA}.${tableName}`;

/** The form as last synced, built once per sync. */
const live = new Map<string, LiveForm>();

export function cgformDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  async function formOf(id: string): Promise<LiveForm> {
    const [head] = await db
      .select({ id: onlCgformHead.id, synced: onlCgformHead.synced, updateTime: onlCgformHead.updateTime })
      .from(onlCgformHead)
      .where(eq(onlCgformHead.id, id));
    if (!head) throw bizError('表单不存在', 404);
    if (!head.synced) throw bizError('表单尚未同步数据库', 400);
    const stamp = `${head.updateTime?.getTime() ?? 0}|${JSON.stringify(head.synced).length}`;
    const cached = live.get(id);
    if (cached?.stamp === stamp) return cached;
    const definition = head.synced;
    const asDefinition: CgformDefinition = {
      head: { id, ...definition.head },
      fields: definition.fields,
    };
    const decl = cgformDecl(asDefinition);
    const table = cgformTableOf(definition);
    const fields = fieldMapOf(decl, table);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const form: LiveForm = {
      id,
      stamp,
      definition,
      decl,
      table,
      columns,
      fields: { ...fields, id: { column: columns.id as PgColumn, type: 'string', filter: true } },
      addBody: cgformBodyOf(definition, 'add'),
      editBody: cgformBodyOf(definition, 'edit'),
    };
    live.set(id, form);
    return form;
  }

  /** The form, when the caller holds its code (`online:<table>:<action>`) or designs forms. */
  async function allowed(request: FastifyRequest, id: string, action: Action): Promise<LiveForm> {
    const session = request.session;
    if (!session) throw unauthorized();
    const form = await formOf(id);
    const { codes } = await grantsOf(db, session.user.id);
    if (!codes.has(`${form.decl.permission}:${action}`) && !codes.has(`${CGFORM_DESIGN}:edit`))
      throw forbidden();
    return form;
  }

  const totals = listTotalsOf(db);
  const totalsKey = (form: LiveForm) => cgformTotalsKey(form.definition.head.tableName);
  const codeOf = (request: FastifyRequest) => (request.params as { code: string }).code;
  const tenantOf = (request: FastifyRequest) => request.session?.tenantId ?? 0;

  function whereOf(form: LiveForm, request: FastifyRequest, query: Row): SQL | undefined {
    return andAll([
      eq(form.columns.tenant_id as PgColumn, tenantOf(request)),
      ...buildFilters(form.fields, query),
    ]);
  }

  function present(form: LiveForm, rows: Row[]): Row[] {
    const dicts = form.definition.fields.filter((f) => form.decl.fields[f.dbFieldName]?.dict);
    for (const row of rows) {
      delete row.tenant_id;
      for (const f of dicts) {
        const value = row[f.dbFieldName];
        row[`${f.dbFieldName}_dictText`] =
          ctx.dicts.text(f.dictField as string, value) ??
          (value === null || value === undefined ? '' : String(value));
      }
    }
    return rows;
  }

  async function list(request: FastifyRequest) {
    const form = await allowed(request, codeOf(request), 'list');
    const query = pageQuery.passthrough().parse(request.query);
    const where = whereOf(form, request, query);
    const orderBy = buildOrder(
      form.fields,
      query.column,
      query.order,
      [sql`${form.columns.create_time} desc`],
      form.columns.id as PgColumn,
    );
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(form.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize),
      // Totals per filter for a few seconds, dropped by this form's writes (as the resource lists do).
      totals.get(totals.key(totalsKey(form), where), async () => {
        const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(form.table).where(where);
        return count?.total ?? 0;
      }),
    ]);
    return ok(pageOf(present(form, rows as Row[]), total, query));
  }

  async function loadRows(form: LiveForm, request: FastifyRequest, ids: string[]): Promise<Row[]> {
    return (await db
      .select()
      .from(form.table)
      .where(
        and(
          eq(form.columns.tenant_id as PgColumn, tenantOf(request)),
          inArray(form.columns.id as PgColumn, ids),
        ),
      )) as Row[];
  }

  async function detail(request: FastifyRequest, id: string) {
    const form = await allowed(request, codeOf(request), 'list');
    const [row] = await loadRows(form, request, [id]);
    if (!row) throw recordNotFound();
    return ok(present(form, [row])[0]);
  }

  function parse(schema: z.ZodType<Row>, body: unknown): Row {
    const parsed = schema.safeParse(body ?? {});
    if (!parsed.success) throw bizError(parsed.error.issues.map((i) => i.message).join('；'), 400);
    return parsed.data;
  }

  async function insert(form: LiveForm, request: FastifyRequest, values: Row): Promise<void> {
    await db.insert(form.table).values({
      ...defaultsOf(form.definition, values),
      create_by: request.session?.user.username ?? null,
      tenant_id: tenantOf(request),
    });
    totals.invalidate(totalsKey(form));
  }

  async function add(request: FastifyRequest) {
    const form = await allowed(request, codeOf(request), 'add');
    await insert(form, request, parse(form.addBody, request.body));
    return okMessage('添加成功！');
  }

  async function edit(request: FastifyRequest) {
    const form = await allowed(request, codeOf(request), 'edit');
    const body = (request.body ?? {}) as Row;
    const id = typeof body.id === 'string' ? body.id : '';
    if (!id) throw bizError('id不能为空', 400);
    const values = parse(form.editBody, body);
    // A field the caller did not send keeps its value (a copy's form, a script setting one field).
    for (const key of Object.keys(values)) if (!(key in body)) delete values[key];
    for (const f of form.definition.fields)
      if (f.dbIsNull === 0 && values[f.dbFieldName] === null) throw bizError(`${f.dbFieldTxt}不能为空`, 400);
    const updated = await db
      .update(form.table)
      .set({ ...values, update_by: request.session?.user.username ?? null, update_time: new Date() })
      .where(
        and(eq(form.columns.tenant_id as PgColumn, tenantOf(request)), eq(form.columns.id as PgColumn, id)),
      )
      .returning({ id: form.columns.id as PgColumn });
    totals.invalidate(totalsKey(form));
    if (updated.length === 0) throw recordNotFound();
    return okMessage('编辑成功!');
  }

  async function remove(request: FastifyRequest, raw: string) {
    const form = await allowed(request, codeOf(request), 'delete');
    const ids = [...new Set(raw.split(',').filter(Boolean))];
    if (ids.length === 0 || ids.length > 1000) throw bizError('请选择1到1000条记录', 400);
    await db.transaction(async (tx) => {
      const deleted = await tx
        .delete(form.table)
        .where(
          and(
            eq(form.columns.tenant_id as PgColumn, tenantOf(request)),
            inArray(form.columns.id as PgColumn, ids),
          ),
        )
        .returning({ id: form.columns.id as PgColumn });
      // All or none: an id of another tenant, or a missing one, answers like a missing record.
      if (deleted.length !== ids.length) throw recordNotFound();
    });
    totals.invalidate(totalsKey(form));
    return okMessage('删除成功!');
  }

  async function exportXls(request: FastifyRequest, reply: FastifyReply) {
    const form = await allowed(request, codeOf(request), 'export');
    const query = pageQuery.passthrough().parse(request.query) as Row & {
      column?: string;
      order?: 'asc' | 'desc';
    };
    const selections =
      typeof query.selections === 'string' ? query.selections.split(',').filter(Boolean) : [];
    const where = andAll([
      whereOf(form, request, query),
      selections.length ? inArray(form.columns.id as PgColumn, selections) : undefined,
    ]);
    const orderBy = buildOrder(form.fields, query.column, query.order, [], form.columns.id as PgColumn);
    const rows = present(
      form,
      (await db
        .select()
        .from(form.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(EXPORT_MAX_ROWS)) as Row[],
    );
    const columns = exportColumnsOf(form.decl);
    const workbook = new ExcelJS.Workbook();
    const title = String(form.definition.head.tableTxt);
    const sheet = workbook.addWorksheet(title.slice(0, 31).replace(/[*?:\\/[\]]/g, '_'));
    sheet.columns = columns.map((c) => ({ header: c.title, key: c.key, width: 20 }));
    for (const row of rows) {
      const out: Row = {};
      for (const { key } of columns) {
        const spec = form.decl.fields[key];
        const value = spec?.dict ? row[`${key}_dictText`] : row[key];
        out[key] =
          typeof value === 'string' && form.fields[key]?.type !== 'string' ? value : cell(form, key, value);
      }
      sheet.addRow(out);
    }
    const buffer = await workbook.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${title}.xlsx`)}`)
      .send(Buffer.from(buffer));
  }

  /** Numbers stay numbers (numeric columns come back as text), times as China wall-clock dates. */
  function cell(form: LiveForm, key: string, value: unknown): unknown {
    if (value === null || value === undefined) return value;
    const field = form.definition.fields.find((f) => f.dbFieldName === key);
    if (field?.dbType === 'BigDecimal') return Number(value);
    if (value instanceof Date) return new Date(value.getTime() + 8 * 3600_000);
    return value;
  }

  async function importXls(request: FastifyRequest) {
    const form = await allowed(request, codeOf(request), 'import');
    const file = await request.file();
    if (!file) throw bizError('未上传任何文件');
    let data: Buffer;
    try {
      data = await file.toBuffer();
    } catch {
      throw bizError('文件大小超出10MB限制');
    }
    const titled = Object.entries(form.fields).filter(([key, spec]) => {
      const declared = form.decl.fields[key];
      return spec.title && declared && isImported(declared);
    });
    // Dictionary fields are exported as their text: read back either the text or the value.
    const rows = await readImportRows(data, titled, IMPORT_MAX_ROWS);
    const errors: Array<{ row: number; message: string }> = [];
    let imported = 0;
    for (const { row, values } of rows) {
      for (const f of form.definition.fields) {
        const value = values[f.dbFieldName];
        if (f.dictField && typeof value === 'string') {
          const item = ctx.dicts.items(f.dictField).find((i) => i.text === value);
          if (item) values[f.dbFieldName] = item.value;
        }
      }
      const parsed = form.addBody.safeParse(values);
      if (!parsed.success) {
        errors.push({ row, message: parsed.error.issues.map((i) => i.message).join('；') });
        continue;
      }
      try {
        await insert(form, request, parsed.data);
        imported++;
      } catch (error) {
        request.log.warn({ err: error, row }, 'online form import row failed');
        errors.push({ row, message: '保存失败' });
      }
    }
    const msg = `总上传行数：${rows.length}，已导入行数：${imported}，错误行数：${errors.length}`;
    if (errors.length === 0) return ok({ msg, errors }, `文件导入成功！${msg}`);
    return { ...ok({ msg, errors }, '文件导入成功，但有错误。'), code: 201 };
  }

  async function importTemplate(request: FastifyRequest, reply: FastifyReply) {
    const form = await allowed(request, codeOf(request), 'import');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    sheet.columns = exportColumnsOf(form.decl)
      .filter((c) => {
        const declared = form.decl.fields[c.key];
        return declared && isImported(declared);
      })
      .map((c) => ({ header: c.title, key: c.key, width: 20 }));
    const buffer = await workbook.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .send(Buffer.from(buffer));
  }

  const login = (content?: string, operateType?: number) => ({
    access: 'login' as const,
    audit: content ? { content, operateType } : (false as const),
  });

  r.get(
    '/online/cgform/api/getColumns/:code',
    { config: login(), schema: { params: codeParams } },
    async (request) => {
      const form = await allowed(request, codeOf(request), 'list');
      return ok({
        code: form.id,
        tableName: form.definition.head.tableName,
        tableTxt: form.definition.head.tableTxt,
        decl: form.decl,
        fields: form.definition.fields,
      });
    },
  );

  // JeecgBoot's paths.
  r.get('/online/cgform/api/getData/:code', { config: login(), schema: { params: codeParams } }, list);
  r.get('/online/cgform/api/form/:code/:id', { config: login(), schema: { params: rowParams } }, (request) =>
    detail(request, request.params.id),
  );
  r.post(
    '/online/cgform/api/form/:code',
    { config: login('在线表单新增', 2), schema: { params: codeParams } },
    add,
  );
  r.put(
    '/online/cgform/api/form/:code',
    { config: login('在线表单编辑', 3), schema: { params: codeParams } },
    edit,
  );
  r.delete(
    '/online/cgform/api/form/:code/:id',
    { config: login('在线表单删除', 4), schema: { params: rowParams } },
    (request) => remove(request, request.params.id),
  );
  r.get(
    '/online/cgform/api/exportXls/:code',
    { config: login('在线表单导出', 6), schema: { params: codeParams } },
    exportXls,
  );
  r.post(
    '/online/cgform/api/importXls/:code',
    { config: login('在线表单导入', 5), schema: { params: codeParams } },
    importXls,
  );

  // The resource paths of the console's list components (ResourceListPage over cgformDecl's path).
  const base = '/online/cgform/api/data/:code';
  r.get(`${base}/list`, { config: login(), schema: { params: codeParams } }, list);
  r.get(
    `${base}/queryById`,
    {
      config: login(),
      schema: { params: codeParams, querystring: z.object({ id: z.string().min(1).max(32) }) },
    },
    (request) => detail(request, request.query.id),
  );
  r.post(`${base}/add`, { config: login('在线表单新增', 2), schema: { params: codeParams } }, add);
  r.put(`${base}/edit`, { config: login('在线表单编辑', 3), schema: { params: codeParams } }, edit);
  r.delete(
    `${base}/delete`,
    {
      config: login('在线表单删除', 4),
      schema: { params: codeParams, querystring: z.object({ id: z.string().min(1).max(32) }) },
    },
    (request) => remove(request, request.query.id),
  );
  r.delete(
    `${base}/deleteBatch`,
    {
      config: login('在线表单删除', 4),
      schema: { params: codeParams, querystring: z.object({ ids: z.string().min(1).max(20_000) }) },
    },
    (request) => remove(request, request.query.ids),
  );
  r.get(`${base}/exportXls`, { config: login('在线表单导出', 6), schema: { params: codeParams } }, exportXls);
  r.post(
    `${base}/importExcel`,
    { config: login('在线表单导入', 5), schema: { params: codeParams } },
    importXls,
  );
  r.get(`${base}/importTemplate`, { config: login(), schema: { params: codeParams } }, importTemplate);
}

export { cgformPermission };
