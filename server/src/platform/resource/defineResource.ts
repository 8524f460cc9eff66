import { type MaskKind, maskValue, type Party, pageQuery, partyScopeOf } from '@freight/contracts';
import { type AnyColumn, and, eq, getTableColumns, getTableName, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataRuleConditions } from '../access/dataRules.ts';
import { perm } from '../access/declare.ts';
import { dataRulesFor, grantsOf } from '../access/grants.ts';
import { clientIp } from '../audit/operationLog.ts';
import { LOG_TYPE, OPERATE_TYPE, sysDataLog, sysLog } from '../audit/schema.ts';
import type { AppContext } from '../context.ts';
import { piiHashKeys } from '../crypto/piiColumn.ts';
import type { ArrayQuery } from '../db/arrayQuery.ts';
import type { DbOrTx } from '../db/client.ts';
import { VersionedCache, writeClockOf } from '../db/writeClock.ts';
import { ok, okMessage } from '../http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../http/errors.ts';
import { usernameOf } from '../http/signedIn.ts';
import { uploadedFile } from '../http/upload.ts';
import { sendStreamedXlsx } from '../http/xlsxStream.ts';
import { listTotalsOf } from './countCache.ts';
import { readImportRows } from './excelImport.ts';
import { departOrgCodes } from './orgCodes.ts';
import { pageReader } from './pageReader.ts';
import { andAll, buildFilters, buildOrder, type FieldMap, type FieldSpec, never } from './query.ts';

export type ResourceAction =
  | 'list'
  | 'queryById'
  | 'add'
  | 'edit'
  | 'delete'
  | 'deleteBatch'
  | 'exportXls'
  | 'importExcel';

type Row = Record<string, unknown>;

export interface ResourceScope {
  /** Rows belong to a tenant (`tenantId`): lists see the request's tenant only, new rows get it. */
  tenant?: boolean;
  /**
   * Party columns: a resource declaring any of them shows a customer user its current customer's rows, an
   * agent or captain the rows it is on, and nothing of a kind it does not declare; platform staff see all.
   */
  customer?: string;
  agent?: string;
  captain?: string;
  /** Rows of a party kind without a column of its own, derived from other tables (e.g. a customer's drivers). */
  derived?: Partial<Record<Party, (partyId: string) => SQL>>;
  /** Soft delete through `delFlag` (0 live, 1 deleted). */
  softDelete?: boolean;
  /** Menu component whose data rules filter the list (reference @PermissionData). */
  dataRuleComponent?: string;
}

export interface ResourceDef {
  /** e.g. '/sys/user' */
  path: string;
  /** Permission prefix: `<prefix>:list`, `:add`, `:edit`, `:delete`, `:export`. */
  permission: string;
  title: string;
  table: PgTable;
  id: AnyColumn;
  fields: FieldMap;
  defaultOrder?: SQL[];
  hidden?: string[];
  scope?: ResourceScope;
  actions?: ResourceAction[];
  createSchema?: z.ZodType<Row>;
  updateSchema?: z.ZodType<Row & { id: string }>;
  /** Hook to derive or check values before insert/update (inside the write's transaction). */
  beforeWrite?: (
    values: Row,
    mode: 'add' | 'edit',
    request: FastifyRequest,
    tx: DbOrTx,
  ) => Promise<Row> | Row;
  /** A filtered view of the table (e.g. the notes awaiting audit): every read stays inside it. */
  viewWhere?: SQL;
  /** Filters beyond field shapes (e.g. "expires within N days"), from the raw query. */
  customFilter?: (query: Record<string, unknown>) => SQL | undefined;
  /** Refuses a delete with a message (e.g. still referenced). */
  beforeDelete?: (ids: string[], tx: DbOrTx, request: FastifyRequest) => Promise<void>;
  /** Columns read from import sheets only, never listed, filtered or exported (e.g. an initial password). */
  importFields?: FieldMap;
  /** Validates an imported row (default: createSchema), e.g. to accept codes the form sends as ids. */
  importSchema?: z.ZodType<Row>;
  /** Runs inside the write's transaction with the stored row (e.g. to update a parent). */
  afterWrite?: (row: Row, mode: 'add' | 'edit', tx: DbOrTx) => Promise<void>;
  /** Runs inside the delete's transaction with the deleted rows. */
  afterDelete?: (rows: Row[], tx: DbOrTx) => Promise<void>;
  /** Runs after any committed change (add, edit, delete, import), e.g. to reload a cache. */
  onChange?: () => Promise<void> | void;
  /** Keep a version of every added or edited row in sys_data_log (inside the write's transaction). */
  dataLog?: boolean;
  /** Columns never sent back: lists show '******' when set; excluded from exports and data logs. */
  secrets?: string[];
  /**
   * Per-viewer presentation of list, detail and export rows (e.g. hidden fees as '--'). The rows are
   * copies made for this response: change them in place rather than copying again.
   */
  presentRows?: (rows: Row[], request: FastifyRequest) => Row[];
  /**
   * Columns the list returns (its id always), when its rows are wide and the screen shows a few of them:
   * every byte of a list page is parsed, copied and serialized on each call. queryById and the Excel
   * export read every column.
   */
  listColumns?: string[];
  /** Fields read from import sheets (default: every titled field). */
  importTitles?: string[];
  /**
   * The add's answer (`result`) from the stored row, e.g. a credential shown once; default none. Runs after the
   * commit.
   */
  addAnswer?: (row: Row, request: FastifyRequest) => unknown;
}

const ALL_ACTIONS: ResourceAction[] = [
  'list',
  'queryById',
  'add',
  'edit',
  'delete',
  'deleteBatch',
  'exportXls',
  'importExcel',
];
const MASK = '******';
const IMPORT_MAX_ROWS = 10_000;
const idQuery = z.object({ id: z.string().min(1).max(32) });
const idsQuery = z.object({ ids: z.string().min(1).max(20_000) });

export interface ResourceHandle {
  /**
   * Scope + filters + data rules of a list request, for exports and custom lists; `deleted` gives the
   * soft-deleted rows of the same scope (a recycle bin).
   */
  whereFor(
    request: FastifyRequest,
    query: Record<string, unknown>,
    options?: { deleted?: boolean },
  ): Promise<SQL | undefined>;
  /** Dictionary texts and masked secrets, added to rows read for one response (changed in place). */
  present(rows: Row[]): Row[];
}

export function registerResource(app: FastifyInstance, ctx: AppContext, def: ResourceDef): ResourceHandle {
  const { db } = ctx;
  const actions = new Set(def.actions ?? ALL_ACTIONS);
  // The keyed hashes of encrypted personal numbers serve lookups only and never leave the server.
  const hidden = new Set([...(def.hidden ?? []), ...piiHashKeys(def.table)]);
  const allColumns = getTableColumns(def.table) as Record<string, PgColumn>;
  const columns = Object.fromEntries(Object.entries(allColumns).filter(([key]) => !hidden.has(key)));
  const listed = def.listColumns ? listSelection(def, columns) : columns;
  const pages = pageReader(def.table, listed);
  const scopeColumn = (key: string): PgColumn => {
    const column = allColumns[key];
    if (!column) throw new Error(`${def.path}: scope column ${key} is not a column of the table`);
    return column;
  };
  const tenantColumn = def.scope?.tenant ? scopeColumn('tenantId') : undefined;
  const partyColumns = {
    customer: def.scope?.customer ? scopeColumn(def.scope.customer) : undefined,
    agent: def.scope?.agent ? scopeColumn(def.scope.agent) : undefined,
    captain: def.scope?.captain ? scopeColumn(def.scope.captain) : undefined,
  };
  const derivedScope = def.scope?.derived ?? {};
  const partyScoped = Object.values(partyColumns).some(Boolean) || Object.keys(derivedScope).length > 0;
  const maskedFields = Object.entries(def.fields).filter(([, f]) => f.mask);
  const sensitiveCode = `${def.permission}:sensitive`;
  const delFlagColumn = def.scope?.softDelete ? scopeColumn('delFlag') : undefined;
  const listTotals = listTotalsOf(db);
  // Pages of the embedded database, remembered until its next write (see writeClock.ts): paging back and
  // forth, or many users opening the same list, costs no query. Keys hold the SQL with its bound values, so
  // scope, filters and data rules are part of them.
  const writeClock = writeClockOf(db);
  const pageCache = writeClock ? new VersionedCache<Row[]>(writeClock, 30_000, 200) : undefined;
  const dictFields = Object.entries(def.fields).filter(([, f]) => f.dict);
  const secrets = def.secrets ?? [];
  const tableName = getTableName(def.table);
  const changed = async () => {
    await def.onChange?.();
  };
  const idKey = Object.entries(allColumns).find(([, c]) => c === def.id)?.[0] ?? 'id';
  const r = app.withTypeProvider<ZodTypeProvider>();
  const code = (suffix: string) => perm(`${def.permission}:${suffix}`);
  const route = (suffix: string) => `${def.path}/${suffix}`;

  /**
   * A page's rows, the caller's own to present: the cache keeps copies of its own. `filterKey` is the
   * statement's `pages.filterKey`, which the list's total is kept by too.
   */
  async function cachedPage(statement: ArrayQuery, filterKey: string): Promise<Row[]> {
    if (!pageCache || !writeClock) return pages.read(db, statement);
    const { params } = statement;
    const key = `${filterKey}|${params.at(-2)}|${params.at(-1)}`;
    const hit = pageCache.get(key);
    if (hit) return hit.map((row) => ({ ...row }));
    const version = writeClock.version;
    const rows = await pages.read(db, statement);
    pageCache.set(
      key,
      rows.map((row) => ({ ...row })),
      version,
    );
    return rows;
  }

  /**
   * Adds dictionary texts, masks personal numbers and secrets on rows read for this response (changed in
   * place); `reveal` leaves personal numbers whole (the detail for a holder of the sensitive code).
   */
  function present(rows: Row[], reveal = false): Row[] {
    if (dictFields.length === 0 && secrets.length === 0 && maskedFields.length === 0) return rows;
    for (const row of rows) {
      for (const key of secrets) row[key] = row[key] ? MASK : '';
      if (!reveal)
        for (const [key, spec] of maskedFields) row[key] = maskValue(spec.mask as MaskKind, row[key]);
      for (const [name, spec] of dictFields) {
        const value = row[name];
        const text = ctx.dicts.text(spec.dict as string, value);
        row[`${name}_dictText`] = text ?? (value === null || value === undefined ? '' : String(value));
      }
    }
    return rows;
  }

  function presentFor(rows: Row[], request: FastifyRequest, reveal = false): Row[] {
    const shown = present(rows, reveal);
    return def.presentRows ? def.presentRows(shown, request) : shown;
  }

  async function holdsCode(request: FastifyRequest, code: string): Promise<boolean> {
    const session = request.session;
    if (!session) return false;
    return (await grantsOf(db, session.user.id)).codes.has(code);
  }

  /** Who saw a record's personal numbers whole, and when: one operation-log line per reveal. */
  async function logReveal(request: FastifyRequest, row: Row): Promise<void> {
    await db.insert(sysLog).values({
      logType: LOG_TYPE.operate,
      logContent: `查看${def.title}敏感信息：${String(row[idKey] ?? '')}`.slice(0, 1000),
      operateType: OPERATE_TYPE.query,
      userid: request.session?.user.id ?? null,
      username: usernameOf(request),
      ip: clientIp(request),
      method: request.method,
      requestUrl: request.url.slice(0, 500),
      statusCode: 200,
    });
  }

  async function scopeConditions(request: FastifyRequest, deleted = false): Promise<SQL[]> {
    const session = request.session;
    if (!session) throw unauthorized();
    const out: SQL[] = [];
    const scope = def.scope ?? {};
    if (delFlagColumn) out.push(eq(delFlagColumn, deleted ? 1 : 0));
    if (def.viewWhere) out.push(def.viewWhere);
    if (tenantColumn) out.push(eq(tenantColumn, session.tenantId));
    const party = partyScopeOf(session.user.userType);
    if (partyScoped && party) {
      const column = partyColumns[party];
      const derived = derivedScope[party];
      const partyId = session.user.cid;
      out.push(!partyId ? never : column ? eq(column, partyId) : derived ? derived(partyId) : never);
    }
    if (scope.dataRuleComponent) {
      const rules = await dataRulesFor(db, session.user.id, scope.dataRuleComponent);
      if (rules.length) {
        const needsOrgs = rules.some((rule) => rule.ruleValue.includes('sys_multi_org_code'));
        const orgCodes = needsOrgs ? await departOrgCodes(db, session.user.id) : [];
        out.push(
          ...dataRuleConditions(rules, def.fields, {
            user: session.user,
            tenantId: session.tenantId,
            orgCodes,
          }),
        );
      }
    }
    return out;
  }

  async function whereFor(
    request: FastifyRequest,
    query: Record<string, unknown>,
    options: { deleted?: boolean } = {},
  ): Promise<SQL | undefined> {
    return andAll([
      ...(await scopeConditions(request, options.deleted)),
      ...buildFilters(def.fields, query),
      def.customFilter?.(query),
    ]);
  }

  /** Loads rows by id inside the caller's scope, so an id from another tenant or customer is "not found". */
  async function loadScoped(request: FastifyRequest, ids: string[], tx: DbOrTx = db): Promise<Row[]> {
    const where = andAll([...(await scopeConditions(request)), inArray(def.id, ids)]);
    return (await tx.select(columns).from(def.table).where(where)) as Row[];
  }

  /**
   * A party user's new record belongs to its party (an agent's driver carries the agent's id); no party user
   * moves a record to another party.
   */
  function ownByParty(request: FastifyRequest, values: Row, mode: 'add' | 'edit'): void {
    const session = request.session;
    const party = session ? partyScopeOf(session.user.userType) : undefined;
    if (!party) return;
    for (const kind of ['customer', 'agent', 'captain'] as const) {
      const key = def.scope?.[kind];
      if (!key || key === idKey) continue;
      if (kind === party && mode === 'add') values[key] = session?.user.cid ?? null;
      else delete values[key];
    }
  }

  /** Writes a version of the stored row to sys_data_log (next version of this table and id). */
  async function writeDataLog(row: Row, username: string, tx: DbOrTx): Promise<void> {
    const dataId = String(row[idKey] ?? '');
    const content: Row = {};
    for (const [key, value] of Object.entries(row))
      if (!secrets.includes(key) && !hidden.has(key)) content[key] = value;
    // Versions are kept plain: personal numbers in them stay masked (the record holds them encrypted).
    for (const [key, spec] of maskedFields)
      if (key in content) content[key] = maskValue(spec.mask as MaskKind, content[key]);
    const [last] = await tx
      .select({ version: sql<number>`coalesce(max(${sysDataLog.dataVersion}), 0)::int` })
      .from(sysDataLog)
      .where(and(eq(sysDataLog.dataTable, tableName), eq(sysDataLog.dataId, dataId)));
    await tx.insert(sysDataLog).values({
      dataTable: tableName,
      dataId,
      dataContent: JSON.stringify(content),
      dataVersion: Number(last?.version ?? 0) + 1,
      createBy: username,
    });
  }

  async function afterStored(row: Row | undefined, mode: 'add' | 'edit', username: string, tx: DbOrTx) {
    if (!row) return;
    if (def.afterWrite) await def.afterWrite(row, mode, tx);
    if (def.dataLog) await writeDataLog(row, username, tx);
  }

  /** One add: defaults, tenant, hook, insert, after-hooks and data log, in the caller's transaction. */
  async function insertRow(request: FastifyRequest, body: Row, tx: DbOrTx): Promise<Row | undefined> {
    const session = request.session;
    if (!session) throw unauthorized();
    let values: Row = { ...body, createBy: session.user.username };
    if (tenantColumn) values.tenantId = session.tenantId;
    ownByParty(request, values, 'add');
    if (def.beforeWrite) values = await def.beforeWrite(values, 'add', request, tx);
    const [stored] = (await tx.insert(def.table).values(values).returning()) as Row[];
    listTotals.invalidate(tableName);
    await afterStored(stored, 'add', session.user.username, tx);
    return stored;
  }

  if (actions.has('list')) {
    r.get(
      route('list'),
      {
        config: { access: code('list') },
        schema: { querystring: pageQuery.passthrough(), tags: [def.title] },
      },
      async (request) => {
        const { pageNo, pageSize, column, order } = request.query;
        const where = await whereFor(request, request.query as Record<string, unknown>);
        const orderBy = buildOrder(def.fields, column, order, def.defaultOrder ?? [], def.id);
        const statement = pages.statement(where, orderBy, pageSize, (pageNo - 1) * pageSize);
        const filterKey = pages.filterKey(statement);
        const [rows, total] = await Promise.all([
          cachedPage(statement, filterKey),
          listTotals.get(`${tableName}|${filterKey}`, async () => {
            const [counted] = await db
              .select({ total: sql<number>`count(*)::int` })
              .from(def.table)
              .where(where);
            return Number(counted?.total ?? 0);
          }),
        ]);
        return ok({
          records: presentFor(rows as Row[], request),
          total,
          size: pageSize,
          current: pageNo,
          pages: Math.ceil(total / pageSize),
        });
      },
    );
  }

  if (actions.has('queryById')) {
    r.get(
      route('queryById'),
      { config: { access: code('list') }, schema: { querystring: idQuery, tags: [def.title] } },
      async (request) => {
        const [row] = await loadScoped(request, [request.query.id]);
        if (!row) throw recordNotFound();
        const reveal = maskedFields.length > 0 && (await holdsCode(request, sensitiveCode));
        if (reveal) await logReveal(request, row);
        return ok(presentFor([row], request, reveal)[0]);
      },
    );
  }

  if (actions.has('add') && def.createSchema) {
    r.post(
      route('add'),
      { config: { access: code('add') }, schema: { body: def.createSchema, tags: [def.title] } },
      async (request) => {
        const session = request.session;
        if (!session) throw unauthorized();
        const stored = await db.transaction((tx) => insertRow(request, request.body as Row, tx));
        await changed();
        if (def.addAnswer && stored) return ok(def.addAnswer(stored, request), '添加成功！');
        return okMessage('添加成功！');
      },
    );
  }

  if (actions.has('edit') && def.updateSchema) {
    const handler = async (request: FastifyRequest) => {
      const session = request.session;
      if (!session) throw unauthorized();
      const body = request.body as Row & { id: string };
      await db.transaction(async (tx) => {
        const [existing] = await loadScoped(request, [body.id], tx);
        if (!existing) throw recordNotFound();
        const { id, ...rest } = body;
        let values: Row = { ...rest, updateBy: session.user.username, updateTime: new Date() };
        ownByParty(request, values, 'edit');
        if (def.beforeWrite) values = await def.beforeWrite({ ...values, id }, 'edit', request, tx);
        delete values.id;
        const [stored] = (await tx.update(def.table).set(values).where(eq(def.id, id)).returning()) as Row[];
        listTotals.invalidate(tableName);
        await afterStored(stored, 'edit', session.user.username, tx);
      });
      await changed();
      return okMessage('编辑成功!');
    };
    // The edit form opens with the list's masked personal numbers: one sent back unchanged keeps the stored
    // value, before the body is validated.
    const keepMasked = async (request: FastifyRequest) => {
      const body = request.body as Row | undefined;
      if (!body || typeof body.id !== 'string' || !request.session) return;
      const sent = maskedFields.filter(
        ([key]) => typeof body[key] === 'string' && String(body[key]).includes('*'),
      );
      if (sent.length === 0) return;
      const [stored] = await loadScoped(request, [body.id]);
      if (!stored) return;
      for (const [key, spec] of sent)
        if (body[key] === maskValue(spec.mask as MaskKind, stored[key])) body[key] = stored[key];
    };
    const opts = {
      config: { access: code('edit') },
      schema: { body: def.updateSchema, tags: [def.title] },
      preValidation: keepMasked,
    };
    r.put(route('edit'), opts, handler);
    r.post(route('edit'), opts, handler);
  }

  async function remove(request: FastifyRequest, ids: string[]) {
    listTotals.invalidate(tableName);
    await db.transaction(async (tx) => {
      const found = await loadScoped(request, ids, tx);
      if (found.length !== ids.length) throw recordNotFound();
      if (def.beforeDelete) await def.beforeDelete(ids, tx, request);
      if (delFlagColumn) {
        await tx.update(def.table).set({ delFlag: 1 }).where(inArray(def.id, ids));
      } else {
        await tx.delete(def.table).where(inArray(def.id, ids));
      }
      if (def.afterDelete) await def.afterDelete(found, tx);
    });
    await changed();
  }

  if (actions.has('delete')) {
    r.delete(
      route('delete'),
      { config: { access: code('delete') }, schema: { querystring: idQuery, tags: [def.title] } },
      async (request) => {
        await remove(request, [request.query.id]);
        return okMessage('删除成功!');
      },
    );
  }

  if (actions.has('deleteBatch')) {
    r.delete(
      route('deleteBatch'),
      { config: { access: code('delete') }, schema: { querystring: idsQuery, tags: [def.title] } },
      async (request) => {
        const ids = [...new Set(request.query.ids.split(',').filter(Boolean))];
        if (ids.length === 0 || ids.length > 1000) throw bizError('请选择1到1000条记录');
        await remove(request, ids);
        return okMessage('批量删除成功!');
      },
    );
  }

  if (actions.has('exportXls')) {
    r.get(
      route('exportXls'),
      {
        config: { access: code('export'), audit: { operateType: 6, content: `导出${def.title}` } },
        schema: { querystring: pageQuery.passthrough(), tags: [def.title] },
      },
      async (request, reply) => {
        const query = request.query as Record<string, unknown> & { column?: string; order?: 'asc' | 'desc' };
        const selections =
          typeof query.selections === 'string' ? query.selections.split(',').filter(Boolean) : [];
        const where = andAll([
          await whereFor(request, query),
          selections.length ? inArray(def.id, selections) : undefined,
        ]);
        const orderBy = buildOrder(def.fields, query.column, query.order, def.defaultOrder ?? [], def.id);
        const exported = Object.entries(def.fields).filter(([key, f]) => f.title && !secrets.includes(key));
        const file = { filename: `${def.title}.xlsx`, sheetName: def.title, useStyles: true };
        return sendStreamedXlsx(request, reply, file, async (sheet, drained) => {
          sheet.columns = exported.map(([key, f]) => ({
            header: f.title,
            key,
            width: 20,
            style: cellStyleOf(f),
          }));
          const batch = 2000;
          for (let offset = 0; ; offset += batch) {
            const rows = (await db
              .select(columns)
              .from(def.table)
              .where(where)
              .orderBy(...orderBy)
              .limit(batch)
              .offset(offset)) as Row[];
            for (const row of presentFor(rows, request)) {
              const out: Row = {};
              for (const [key, f] of exported) {
                const value = f.dict ? row[`${key}_dictText`] : row[key];
                out[key] = f.exportValue ? f.exportValue(value, row) : cellValueOf(f, value);
              }
              sheet.addRow(out).commit();
            }
            if (rows.length < batch) break;
            await drained();
          }
        });
      },
    );
  }

  if (actions.has('importExcel') && def.createSchema) {
    const schema = def.importSchema ?? def.createSchema;
    const importFields: FieldMap = { ...def.fields, ...def.importFields };
    const importable = def.importTitles
      ? new Set([...def.importTitles, ...Object.keys(def.importFields ?? {})])
      : undefined;
    const titled = Object.entries(importFields).filter(
      ([key, f]) => f.title && !secrets.includes(key) && (!importable || importable.has(key)),
    );
    r.post(
      route('importExcel'),
      {
        config: { access: code('import'), audit: { operateType: 5, content: `导入${def.title}` } },
        schema: { tags: [def.title] },
      },
      async (request) => {
        const { data } = await uploadedFile(request);
        const rows = await readImportRows(data, titled, IMPORT_MAX_ROWS);
        const errors: Array<{ row: number; message: string }> = [];
        let imported = 0;
        for (const { row, values } of rows) {
          const parsed = schema.safeParse(values);
          if (!parsed.success) {
            // Every problem of the row at once, so a sheet is corrected in one pass.
            const message = parsed.error.issues
              .map((issue) => {
                const field = issue.path.join('.');
                const title = importFields[field]?.title ?? field;
                return `${title ? `${title}: ` : ''}${issue.message}`;
              })
              .join('；');
            errors.push({ row, message: message || '数据不正确' });
            continue;
          }
          try {
            // One transaction per row: a refused row (e.g. a duplicate code) leaves the others in.
            await db.transaction((tx) => insertRow(request, parsed.data, tx));
            imported++;
          } catch (error) {
            const message =
              error instanceof Error && error.name === 'AppError'
                ? error.message
                : isUniqueViolation(error)
                  ? '数据库中已存在该记录'
                  : '保存失败';
            if (message === '保存失败') request.log.warn({ err: error, row }, 'import row failed');
            errors.push({ row, message });
          }
        }
        if (imported > 0) await changed();
        const msg = `总上传行数：${rows.length}，已导入行数：${imported}，错误行数：${errors.length}`;
        if (errors.length === 0) return ok({ msg, errors }, `文件导入成功！${msg}`);
        return { ...ok({ msg, errors }, '文件导入成功，但有错误。'), code: 201 };
      },
    );
  }

  return { whereFor, present };
}

/** The list's columns of a resource declaring `listColumns`, checked against its table once at start. */
function listSelection(def: ResourceDef, columns: Record<string, PgColumn>): Record<string, PgColumn> {
  const idKey = Object.entries(columns).find(([, c]) => c === def.id)?.[0];
  const keys = new Set([...(idKey ? [idKey] : []), ...(def.listColumns ?? [])]);
  const out: Record<string, PgColumn> = {};
  for (const key of keys) {
    const column = columns[key];
    if (!column) throw new Error(`${def.path}: list column ${key} is not a visible column of the table`);
    out[key] = column;
  }
  return out;
}

/** Spreadsheet formats: money with two decimals and weights with three, so a column can be summed. */
function cellStyleOf(field: FieldSpec): Partial<ExcelJS.Style> | undefined {
  if (field.dict) return undefined;
  if (field.kind === 'fen' || field.kind === 'money') return { numFmt: '#,##0.00' };
  if (field.kind === 'tonnes') return { numFmt: '0.000' };
  if (field.kind === 'percent') return { numFmt: '0.00%' };
  if (field.type === 'date') return { numFmt: 'yyyy-mm-dd hh:mm:ss' };
  return undefined;
}

/**
 * The cell of an exported value: numbers stay numbers (fen as yuan, grams as tonnes), timestamps are dates
 * shown in China time, dictionaries their text.
 */
function cellValueOf(field: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined || value === '' || field.dict) return value;
  // A value the viewer may not see ('--', fee visibility) stays the text it is.
  const numeric =
    field.type === 'number' || field.kind === 'fen' || field.kind === 'tonnes' || field.kind === 'percent';
  if (numeric && typeof value === 'string' && !Number.isFinite(Number(value))) return value;
  if (field.kind === 'fen') return Number(value) / 100;
  if (field.kind === 'tonnes') return Number(value) / 1_000_000;
  // Basis points as the fraction a spreadsheet's percent format shows: 650 → 0.065 → 6.50%.
  if (field.kind === 'percent') return Number(value) / 10_000;
  if (field.kind === 'money' || (field.type === 'number' && typeof value === 'string')) return Number(value);
  if (value instanceof Date) return chinaWallClock(value);
  return value;
}

/** Excel has no time zones: a timestamp is written as the wall-clock time of Beijing (UTC+8). */
function chinaWallClock(value: Date): Date {
  return new Date(value.getTime() + 8 * 3600_000);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
