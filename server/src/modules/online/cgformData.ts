// The data of online forms: JeecgBoot's paths (getColumns, getData, form, exportXls, importXls)
// and, beside them, the resource paths the console's list components call (`/online/cgform/api/data/<id>/…`).
// Both run the same handlers over the synced definition: its declaration (contracts' cgformDecl), a drizzle
// table of it, and the resource engine's filters, so only declared fields reach SQL, always as bound values.
import {
  CGFORM_SCHEMA,
  type CgformDefinition,
  cgformDecl,
  cgformForeignKey,
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
import { arrayRunnerOf } from '../../platform/db/arrayQuery.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ok, okMessage, pageOf } from '../../platform/http/envelope.ts';
import { AppError, bizError, forbidden, recordNotFound, unauthorized } from '../../platform/http/errors.ts';
import { sendAttachment, XLSX_TYPE } from '../../platform/http/fileReplies.ts';
import { sessionOf, usernameOf } from '../../platform/http/signedIn.ts';
import { fieldMapOf } from '../../platform/resource/bindResource.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { readImportRows } from '../../platform/resource/excelImport.ts';
import { arrayQueryOf, type PageReader, pageReader } from '../../platform/resource/pageReader.ts';
import { andAll, buildFilters, buildOrder, type FieldMap } from '../../platform/resource/query.ts';
import { addLookupTexts, checkUnique } from './cgformFieldTypes.ts';
import {
  checkMasterRow,
  deleteSubRows,
  linkOf,
  loadSubRows,
  saveSubRows,
  subFormIds,
  type Writer,
} from './cgformMainSub.ts';
import { CGFORM_DESIGN } from './cgformRoutes.ts';
import { type CgformSnapshot, onlCgformHead } from './cgformSchema.ts';
import { cgformBodyOf, cgformTableOf, defaultsOf } from './cgformTable.ts';
import {
  checkParent,
  parentsOf,
  refreshHasChild,
  refuseOrphans,
  treeCondition,
  treeOf,
} from './cgformTree.ts';

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
  /** The list page's reader: its columns (the tenant's left out, as lists show it) rendered once. */
  pages: PageReader;
  /** The list's order when the caller names none: newest first. */
  defaultOrder: SQL[];
  /** Fields whose `<field>_dictText` comes from a code dictionary, with the code. */
  dicts: Array<{ name: string; code: string }>;
  /** A sub-table's master table, whose codes grant its rows as well. */
  master: string | undefined;
}

const codeParams = z.object({ code: z.string().min(1).max(32) });
// Built once: a schema made per request costs more than the parse (zod compiles each new object schema).
const listQuery = pageQuery.passthrough();
/** A head's stamp as the database renders it, the same in `formOf` and in the list's check of its cache. */
const stampSql = sql<string>`coalesce(${onlCgformHead.updateTime}::text, '')`;
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
    // Every list request asks whether the form changed; the definition itself is read only when it did (a sync
    // stamps update_time with the definition it stores).
    const [head] = await db
      .select({
        stamp: stampSql,
        synced: sql<boolean>`${onlCgformHead.synced} is not null`,
      })
      .from(onlCgformHead)
      .where(eq(onlCgformHead.id, id));
    if (!head) throw bizError('表单不存在', 404);
    if (!head.synced) throw bizError('表单尚未同步数据库', 400);
    const stamp = head.stamp;
    const known = live.get(id);
    if (known?.stamp === stamp) return known;
    const [stored] = await db
      .select({ synced: onlCgformHead.synced })
      .from(onlCgformHead)
      .where(eq(onlCgformHead.id, id));
    const definition = stored?.synced;
    if (!definition) throw bizError('表单尚未同步数据库', 400);
    const asDefinition: CgformDefinition = {
      head: { id, ...definition.head },
      fields: definition.fields,
    };
    const decl = cgformDecl(asDefinition);
    const table = cgformTableOf(definition);
    const fields = fieldMapOf(decl, table);
    const columns = getTableColumns(table) as Record<string, PgColumn>;
    const { tenant_id: _tenant, ...listed } = columns;
    const form: LiveForm = {
      id,
      stamp,
      definition,
      decl,
      table,
      columns,
      fields: {
        ...fields,
        ...linkFilters(definition, columns),
        id: { column: columns.id as PgColumn, type: 'string', filter: true },
      },
      addBody: cgformBodyOf(definition, 'add'),
      editBody: cgformBodyOf(definition, 'edit'),
      pages: pageReader(table, listed),
      defaultOrder: [sql`${columns.create_time} desc`],
      dicts: definition.fields
        .filter((f) => {
          const code = decl.fields[f.dbFieldName]?.dict;
          return code && !code.includes(',');
        })
        .map((f) => ({ name: f.dbFieldName, code: f.dictField as string })),
      master: cgformForeignKey(definition.fields)?.mainTable ?? undefined,
    };
    live.set(id, form);
    return form;
  }

  /** The form, when the caller holds its code (`online:<table>:<action>`) or designs forms. */
  async function allowed(request: FastifyRequest, id: string, action: Action): Promise<LiveForm> {
    if (!request.session) throw unauthorized();
    const form = await formOf(id);
    await authorize(request, form, action);
    return form;
  }

  async function authorize(request: FastifyRequest, form: LiveForm, action: Action): Promise<void> {
    const session = sessionOf(request);
    const { codes } = await grantsOf(db, session.user.id);
    // A sub-table's rows are part of its master's screens: the master's codes grant them as well.
    const { master } = form;
    if (
      !codes.has(`${form.decl.permission}:${action}`) &&
      !codes.has(`${CGFORM_DESIGN}:edit`) &&
      !(master && codes.has(`${cgformPermission(master)}:${action}`))
    )
      throw forbidden();
  }

  const totals = listTotalsOf(db);
  const totalsKey = (form: LiveForm) => cgformTotalsKey(form.definition.head.tableName);
  const codeOf = (request: FastifyRequest) => (request.params as { code: string }).code;
  const tenantOf = (request: FastifyRequest) => request.session?.tenantId ?? 0;

  /** The list's condition; `lazy` lists of a tree form show one level (roots, or the children of `pid`). */
  function whereOf(form: LiveForm, request: FastifyRequest, query: Row, lazy = false): SQL | undefined {
    const tree = lazy ? treeOf(form) : undefined;
    const { pid: _pid, ...rest } = query;
    const filters = buildFilters(form.fields, tree ? rest : query);
    return andAll([
      eq(form.columns.tenant_id as PgColumn, tenantOf(request)),
      ...filters,
      tree ? treeCondition(form, query, filters.length > 0) : undefined,
    ]);
  }

  /** The live forms of a main form's sub-tables (none for other forms). */
  async function subsOf(form: LiveForm): Promise<LiveForm[]> {
    if (form.definition.head.tableType !== 2) return [];
    return Promise.all((await subFormIds(db, form.definition.head.tableName)).map((id) => formOf(id)));
  }

  /** A sub-table's master form, for the check that a sub row written on its own has its master row. */
  async function masterOf(form: LiveForm): Promise<LiveForm | undefined> {
    const key = cgformForeignKey(form.definition.fields);
    if (!key?.mainTable) return undefined;
    const [head] = await idsWhere(db, onlCgformHead, eq(onlCgformHead.tableName, key.mainTable));
    if (!head) throw bizError(`${key.dbFieldName}: 主表 ${key.mainTable} 不存在`, 400);
    return formOf(head.id);
  }

  const writerOf = (request: FastifyRequest): Writer => ({
    by: usernameOf(request),
    tenant: tenantOf(request),
  });

  async function present(form: LiveForm, rows: Row[], request: FastifyRequest): Promise<Row[]> {
    for (const row of rows) {
      delete row.tenant_id;
      for (const { name, code } of form.dicts) {
        const value = row[name];
        row[`${name}_dictText`] =
          ctx.dicts.text(code, value) ?? (value === null || value === undefined ? '' : String(value));
      }
    }
    await addLookupTexts(db, form, rows, request.session);
    return rows;
  }

  /**
   * The list, read as the resource lists are (platform/resource/pageReader.ts) and in one round trip: the
   * form known from an earlier request is checked against its head in the page's own statement, so a sync
   * (here or on another instance) is seen at once; when it changed, the form is built again and read again.
   */
  async function list(request: FastifyRequest) {
    if (!request.session) throw unauthorized();
    const id = codeOf(request);
    let form = live.get(id) ?? (await formOf(id));
    for (let attempt = 1; ; attempt++) {
      await authorize(request, form, 'list');
      const query = listQuery.parse(request.query);
      const where = whereOf(form, request, query, true);
      const orderBy = buildOrder(
        form.fields,
        query.column,
        query.order,
        form.defaultOrder,
        form.columns.id as PgColumn,
      );
      const page = form.pages.query(where, orderBy, query.pageSize, (query.pageNo - 1) * query.pageSize);
      // The head first, the page last: its limit and offset stay the last values (pageReader's filterKey).
      const statement = arrayQueryOf(sql`select h.stamp, p.* from (
          select ${stampSql} as stamp from ${onlCgformHead}
          where ${onlCgformHead.id} = ${form.id} and ${onlCgformHead.synced} is not null
        ) as h left join lateral (${page}) as p on true`);
      // Totals per filter for a few seconds, dropped by this form's writes (as the resource lists do).
      const total = totals.get(`${totalsKey(form)}|${form.pages.filterKey(statement)}`, async () => {
        const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(form.table).where(where);
        return count?.total ?? 0;
      });
      let cells: unknown[][];
      try {
        // Prepared per definition: a sync may change a column's type under a statement of the same text.
        cells = await arrayRunnerOf(db)({ ...statement, version: form.stamp });
      } catch (error) {
        // A table changed by a sync elsewhere may refuse the statement of the form as it was.
        const fresh = await formOf(id);
        if (fresh === form || attempt >= 3) throw error;
        form = fresh;
        continue;
      }
      if (cells[0]?.[0] !== form.stamp && attempt < 3) {
        // Changed, unsynced or gone: formOf refuses the last two with their messages.
        form = await formOf(id);
        continue;
      }
      const rows = cells.filter((row) => row[1] !== null).map((row) => form.pages.decode(row, 1));
      return ok(pageOf(await present(form, rows, request), await total, query));
    }
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
    // A master row comes with its sub rows, under each sub-table's name (the edit form's lists).
    for (const sub of await subsOf(form))
      row[sub.definition.head.tableName] = await present(
        sub,
        await loadSubRows(db, sub, row, tenantOf(request)),
        request,
      );
    return ok((await present(form, [row], request))[0]);
  }

  function parse(schema: z.ZodType<Row>, body: unknown): Row {
    const parsed = schema.safeParse(body ?? {});
    if (!parsed.success) throw bizError(parsed.error.issues.map((i) => i.message).join('；'), 400);
    return parsed.data;
  }

  /**
   * A new row with what belongs to it, in one transaction: its tree parent checked, its master row checked
   * (a sub row on its own), its sub rows (a master row given with them).
   */
  async function insert(form: LiveForm, request: FastifyRequest, values: Row, body?: Row): Promise<string> {
    const writer = writerOf(request);
    // Forms are looked up before the transaction: inside it, only its own connection is used.
    const [master, subs] = await Promise.all([masterOf(form), subsOf(form)]);
    const id = await db.transaction(async (tx) => {
      await checkParent(tx, form, values, null, writer.tenant);
      if (master) await checkMasterRow(tx, form, master, values, writer.tenant);
      await checkUnique(tx, form, values, null, writer.tenant);
      const tree = treeOf(form);
      const [row] = (await tx
        .insert(form.table)
        .values({
          ...defaultsOf(form.definition, values),
          ...(tree ? { [tree.hasChild]: '0' } : {}),
          create_by: writer.by,
          tenant_id: writer.tenant,
        })
        .returning()) as Row[];
      if (!row) throw bizError('保存失败');
      if (tree) await refreshHasChild(tx, form, [row[tree.pid]]);
      for (const sub of subs) {
        const given = body?.[sub.definition.head.tableName];
        if (given !== undefined && given !== null) await saveSubRows(tx, sub, row, given, writer);
      }
      return String(row.id);
    });
    totals.invalidate(totalsKey(form));
    return id;
  }

  async function add(request: FastifyRequest) {
    const form = await allowed(request, codeOf(request), 'add');
    const body = (request.body ?? {}) as Row;
    const id = await insert(form, request, parse(form.addBody, body), body);
    return ok({ id }, '添加成功！');
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
    const writer = writerOf(request);
    const [master, subs] = await Promise.all([masterOf(form), subsOf(form)]);
    await db.transaction(async (tx) => {
      const [before] = await parentsOf(tx, form, [id]);
      await checkParent(tx, form, values, id, writer.tenant);
      if (master && values[linkOf(form).key] !== undefined)
        await checkMasterRow(tx, form, master, values, writer.tenant);
      await checkUnique(tx, form, values, id, writer.tenant);
      const updated = (await tx
        .update(form.table)
        .set({ ...values, update_by: writer.by, update_time: new Date() })
        .where(
          and(eq(form.columns.tenant_id as PgColumn, writer.tenant), eq(form.columns.id as PgColumn, id)),
        )
        .returning()) as Row[];
      const [row] = updated;
      if (!row) throw recordNotFound();
      const tree = treeOf(form);
      if (tree) await refreshHasChild(tx, form, [before, row[tree.pid], id]);
      // Sub-tables the body names are replaced by its rows; ones it leaves out stay as they are.
      for (const sub of subs) {
        const given = body[sub.definition.head.tableName];
        if (given !== undefined && given !== null) await saveSubRows(tx, sub, row, given, writer);
      }
    });
    totals.invalidate(totalsKey(form));
    return okMessage('编辑成功!');
  }

  async function remove(request: FastifyRequest, raw: string) {
    const form = await allowed(request, codeOf(request), 'delete');
    const ids = [...new Set(raw.split(',').filter(Boolean))];
    if (ids.length === 0 || ids.length > 1000) throw bizError('请选择1到1000条记录', 400);
    const subs = await subsOf(form);
    const rows = subs.length ? await loadRows(form, request, ids) : [];
    await db.transaction(async (tx) => {
      await refuseOrphans(tx, form, ids);
      const parents = await parentsOf(tx, form, ids);
      for (const sub of subs) await deleteSubRows(tx, sub, rows, tenantOf(request));
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
      await refreshHasChild(tx, form, parents);
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
    const rows = await present(
      form,
      (await db
        .select()
        .from(form.table)
        .where(where)
        .orderBy(...orderBy)
        .limit(EXPORT_MAX_ROWS)) as Row[],
      request,
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
    return sendAttachment(reply, XLSX_TYPE, `${title}.xlsx`, Buffer.from(buffer));
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
        errors.push({
          row,
          message: error instanceof AppError && error.code === 400 ? error.message : '保存失败',
        });
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
    return reply.header('content-type', XLSX_TYPE).send(Buffer.from(buffer));
  }

  const login = (content?: string, operateType?: number) => ({
    access: 'login' as const,
    audit: content ? { content, operateType } : (false as const),
  });
  /** The options of a call on one form, named by its code in the path. */
  const onForm = (content?: string, operateType?: number) => ({
    config: login(content, operateType),
    schema: { params: codeParams },
  });

  r.get('/online/cgform/api/getColumns/:code', onForm(), async (request) => {
    const form = await allowed(request, codeOf(request), 'list');
    return ok({
      code: form.id,
      tableName: form.definition.head.tableName,
      tableTxt: form.definition.head.tableTxt,
      decl: form.decl,
      fields: form.definition.fields,
      // What the tree, ERP and inner-table screens need beyond the list: the tree's fields, the subs.
      head: form.definition.head,
      subs: (await subsOf(form)).map((sub) => ({
        code: sub.id,
        tableName: sub.definition.head.tableName,
        tableTxt: sub.definition.head.tableTxt,
        key: linkOf(sub).key,
        oneToOne: linkOf(sub).oneToOne,
        decl: sub.decl,
        fields: sub.definition.fields,
      })),
    });
  });

  // JeecgBoot's paths.
  r.get('/online/cgform/api/getData/:code', onForm(), list);
  r.get('/online/cgform/api/form/:code/:id', { config: login(), schema: { params: rowParams } }, (request) =>
    detail(request, request.params.id),
  );
  r.post('/online/cgform/api/form/:code', onForm('在线表单新增', 2), add);
  r.put('/online/cgform/api/form/:code', onForm('在线表单编辑', 3), edit);
  r.delete(
    '/online/cgform/api/form/:code/:id',
    { config: login('在线表单删除', 4), schema: { params: rowParams } },
    (request) => remove(request, request.params.id),
  );
  r.get('/online/cgform/api/exportXls/:code', onForm('在线表单导出', 6), exportXls);
  r.post('/online/cgform/api/importXls/:code', onForm('在线表单导入', 5), importXls);

  // The resource paths of the console's list components (ResourceListPage over cgformDecl's path).
  const base = '/online/cgform/api/data/:code';
  r.get(`${base}/list`, onForm(), list);
  r.get(
    `${base}/queryById`,
    {
      config: login(),
      schema: { params: codeParams, querystring: z.object({ id: z.string().min(1).max(32) }) },
    },
    (request) => detail(request, request.query.id),
  );
  r.post(`${base}/add`, onForm('在线表单新增', 2), add);
  r.put(`${base}/edit`, onForm('在线表单编辑', 3), edit);
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
  r.get(`${base}/exportXls`, onForm('在线表单导出', 6), exportXls);
  r.post(`${base}/importExcel`, onForm('在线表单导入', 5), importXls);
  r.get(`${base}/importTemplate`, onForm(), importTemplate);
}

/** A sub-table's foreign key and a tree's parent field filter the list (ERP tabs, lazy tree) even unsearched. */
function linkFilters(definition: CgformSnapshot, columns: Record<string, PgColumn>): FieldMap {
  const names = [cgformForeignKey(definition.fields)?.dbFieldName, definition.head.treeParentIdField];
  const out: FieldMap = {};
  for (const name of names)
    if (name && columns[name]) out[name] = { column: columns[name], type: 'string', filter: true };
  return out;
}

export { cgformPermission };
