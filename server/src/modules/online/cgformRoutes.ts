// The form designer's API (JeecgBoot's paths): list heads, add and edit a whole definition in one
// transaction (the previous one kept as a version), sync it to its table, delete it.
import { CGFORM_SCHEMA, cgformPermission, pageQuery } from '@freight/contracts';
import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { containing } from '../../platform/db/likePattern.ts';
import { rowsOf } from '../../platform/db/rows.ts';
import { selectPage } from '../../platform/db/selectPage.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound, unauthorized } from '../../platform/http/errors.ts';
import { permitted } from '../../platform/http/permitted.ts';
import { invalidateGrants, sysPermission } from '../system/index.ts';
import { checkDefinition, definitionBody, tableOfHead } from './cgformDefine.ts';
import { checkPopupFields } from './cgformFieldTypes.ts';
import { kindHeadOf } from './cgformKind.ts';
import { checkMaster, refreshSubTables, refuseMasterWithSubs } from './cgformMainSub.ts';
import {
  type CgformSnapshot,
  onlCgformField,
  onlCgformHead,
  onlCgformIndex,
  onlCgformVersion,
} from './cgformSchema.ts';
import { syncTable } from './cgformSync.ts';

/** Permission prefix of the designer (menu 在线表单开发). */
export const CGFORM_DESIGN = 'online:cgform';

const idQuery = z.object({ id: z.string().min(1).max(32) });

function username(request: FastifyRequest): string {
  if (!request.session) throw unauthorized();
  return request.session.user.username;
}

/** A head's whole stored definition (fields in order), or undefined. */
export async function loadDefinition(db: DbOrTx, id: string) {
  const [head] = await db.select().from(onlCgformHead).where(eq(onlCgformHead.id, id));
  if (!head) return undefined;
  const fields = await db
    .select()
    .from(onlCgformField)
    .where(eq(onlCgformField.cgformHeadId, id))
    .orderBy(asc(onlCgformField.orderNum), asc(onlCgformField.createTime));
  const indexs = await db.select().from(onlCgformIndex).where(eq(onlCgformIndex.cgformHeadId, id));
  return { head, fields, indexs };
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadDefinition>>>;

function snapshotOf(loaded: Loaded): CgformSnapshot {
  const { head } = loaded;
  return {
    head: {
      ...tableOfHead(head),
      relationType: head.relationType,
      tabOrderNum: head.tabOrderNum,
      isTree: head.isTree,
      treeParentIdField: head.treeParentIdField,
      treeIdField: head.treeIdField,
      treeFieldname: head.treeFieldname,
    },
    fields: loaded.fields.map((f) => ({
      dbFieldName: f.dbFieldName,
      dbFieldTxt: f.dbFieldTxt,
      dbFieldTxtEn: f.dbFieldTxtEn,
      dbType: f.dbType as CgformSnapshot['fields'][number]['dbType'],
      dbLength: f.dbLength,
      dbPointLength: f.dbPointLength,
      dbDefaultVal: f.dbDefaultVal,
      dbIsNull: f.dbIsNull,
      isShowForm: f.isShowForm,
      isShowList: f.isShowList,
      isQuery: f.isQuery,
      queryMode: f.queryMode as CgformSnapshot['fields'][number]['queryMode'],
      fieldShowType: f.fieldShowType as CgformSnapshot['fields'][number]['fieldShowType'],
      dictField: f.dictField,
      dictTable: f.dictTable,
      dictText: f.dictText,
      isUnique: f.isUnique,
      fieldValidType: f.fieldValidType,
      sortFlag: f.sortFlag,
      orderNum: f.orderNum,
      mainTable: f.mainTable,
      mainField: f.mainField,
    })),
    indexs: loaded.indexs.map((i) => ({
      indexName: i.indexName,
      indexField: i.indexField,
      indexType: i.indexType,
    })),
  };
}

async function writeParts(tx: DbOrTx, headId: string, definition: CgformSnapshot, by: string) {
  await tx.delete(onlCgformField).where(eq(onlCgformField.cgformHeadId, headId));
  await tx.delete(onlCgformIndex).where(eq(onlCgformIndex.cgformHeadId, headId));
  await tx.insert(onlCgformField).values(
    definition.fields.map((f) => ({
      ...f,
      sortFlag: f.sortFlag ?? 0,
      isUnique: f.isUnique ?? 0,
      cgformHeadId: headId,
      createBy: by,
    })),
  );
  if (definition.indexs.length)
    await tx
      .insert(onlCgformIndex)
      .values(definition.indexs.map((i) => ({ ...i, cgformHeadId: headId, createBy: by })));
}

async function tableTaken(db: DbOrTx, tableName: string, except?: string): Promise<boolean> {
  const rows = await idsWhere(db, onlCgformHead, eq(onlCgformHead.tableName, tableName));
  return rows.some((r) => r.id !== except);
}

export function cgformDesignRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/online/cgform/head/list',
    permitted(
      `${CGFORM_DESIGN}:list`,
      {
        querystring: pageQuery.extend({
          tableName: z.string().max(100).optional(),
          tableTxt: z.string().max(100).optional(),
        }),
      },
      false,
    ),
    async (request) => {
      const { pageNo, pageSize, tableName, tableTxt } = request.query;
      const like = (v: string) => containing(v.replace(/\*/g, ''));
      const conditions: SQL[] = [];
      if (tableName) conditions.push(ilike(onlCgformHead.tableName, like(tableName)));
      if (tableTxt) conditions.push(ilike(onlCgformHead.tableTxt, like(tableTxt)));
      const where = conditions.length ? and(...conditions) : undefined;
      const page = await selectPage(
        { pageNo, pageSize },
        db
          .select({
            id: onlCgformHead.id,
            tableName: onlCgformHead.tableName,
            tableTxt: onlCgformHead.tableTxt,
            tableTxtEn: onlCgformHead.tableTxtEn,
            tableType: onlCgformHead.tableType,
            subTableStr: onlCgformHead.subTableStr,
            isTree: onlCgformHead.isTree,
            isDbSynch: onlCgformHead.isDbSynch,
            version: onlCgformHead.version,
            createBy: onlCgformHead.createBy,
            createTime: onlCgformHead.createTime,
            updateTime: onlCgformHead.updateTime,
          })
          .from(onlCgformHead)
          .where(where)
          .orderBy(desc(onlCgformHead.createTime), desc(onlCgformHead.id)),
        db.select({ total: sql<number>`count(*)::int` }).from(onlCgformHead).where(where),
      );
      return ok(page);
    },
  );

  r.get(
    '/online/cgform/head/queryById',
    permitted(`${CGFORM_DESIGN}:list`, { querystring: idQuery }, false),
    async (request) => {
      const loaded = await loadDefinition(db, request.query.id);
      if (!loaded) throw recordNotFound();
      return ok({
        head: { ...loaded.head, synced: undefined },
        fields: loaded.fields,
        indexs: loaded.indexs,
      });
    },
  );

  r.get(
    '/online/cgform/head/versions',
    permitted(`${CGFORM_DESIGN}:list`, { querystring: idQuery }, false),
    async (request) =>
      ok(
        await db
          .select()
          .from(onlCgformVersion)
          .where(eq(onlCgformVersion.cgformHeadId, request.query.id))
          .orderBy(desc(onlCgformVersion.version)),
      ),
  );

  r.post(
    '/online/cgform/api/addAll',
    permitted(`${CGFORM_DESIGN}:add`, { body: definitionBody }, { operateType: 2, content: '新增在线表单' }),
    async (request) => {
      const by = username(request);
      const definition = checkDefinition(request.body);
      await checkPopupFields(db, definition.fields);
      const id = await db.transaction(async (tx) => {
        if (await tableTaken(tx, definition.head.tableName))
          throw bizError(`表名(tableName): ${definition.head.tableName} 已存在`, 400);
        const [head] = await tx
          .insert(onlCgformHead)
          .values({ ...definition.head, isTree: definition.head.isTree ?? 'N', createBy: by })
          .returning({ id: onlCgformHead.id });
        if (!head) throw bizError('保存失败');
        await writeParts(tx, head.id, definition, by);
        await checkMaster(tx, definition, false);
        await refreshSubTables(tx, [definition.fields]);
        return head.id;
      });
      return ok({ id }, '添加成功！');
    },
  );

  r.put(
    '/online/cgform/api/editAll',
    permitted(`${CGFORM_DESIGN}:edit`, { body: definitionBody }, { operateType: 3, content: '编辑在线表单' }),
    async (request) => {
      const by = username(request);
      const id = request.body.head.id;
      if (!id) throw bizError('id不能为空', 400);
      const definition = checkDefinition(request.body);
      await checkPopupFields(db, definition.fields);
      await db.transaction(async (tx) => {
        const loaded = await loadDefinition(tx, id);
        if (!loaded) throw recordNotFound();
        if (loaded.head.synced && loaded.head.tableName !== definition.head.tableName)
          throw bizError('表名(tableName): 已同步的表单不能改表名', 400);
        if (await tableTaken(tx, definition.head.tableName, id))
          throw bizError(`表名(tableName): ${definition.head.tableName} 已存在`, 400);
        // The definition before this edit, kept whole.
        await tx.insert(onlCgformVersion).values({
          cgformHeadId: id,
          version: loaded.head.version,
          content: snapshotOf(loaded),
          createBy: by,
        });
        await tx
          .update(onlCgformHead)
          .set({
            ...definition.head,
            isTree: definition.head.isTree ?? 'N',
            isDbSynch: 'N',
            version: loaded.head.version + 1,
            updateBy: by,
            updateTime: new Date(),
          })
          .where(eq(onlCgformHead.id, id));
        await writeParts(tx, id, definition, by);
        await checkMaster(tx, definition, false);
        await refreshSubTables(tx, [loaded.fields, definition.fields]);
      });
      return okMessage('编辑成功!');
    },
  );

  r.post(
    '/online/cgform/api/doDbSynch/:headId/:synMethod',
    permitted(
      `${CGFORM_DESIGN}:sync`,
      {
        params: z.object({ headId: z.string().min(1).max(32), synMethod: z.enum(['normal', 'force']) }),
        querystring: z.object({ confirm: z.enum(['true', 'false', '1', '0']).optional() }),
        body: z.object({ confirm: z.boolean().optional() }).nullish(),
      },
      { operateType: 3, content: '同步在线表单' },
    ),
    async (request) => {
      const by = username(request);
      const confirm =
        request.body?.confirm === true || request.query.confirm === 'true' || request.query.confirm === '1';
      const changes = await db.transaction(async (tx) => {
        const loaded = await loadDefinition(tx, request.params.headId);
        if (!loaded) throw recordNotFound();
        // Checked again: the rows may predate a rule, and DDL is the last place a bad name could go.
        const definition = checkDefinition({
          head: {
            ...snapshotOf(loaded).head,
            ...kindHeadOf(loaded.head),
            tableTxtEn: loaded.head.tableTxtEn,
          },
          fields: snapshotOf(loaded).fields.map((f) => ({
            ...f,
            dbFieldTxtEn: f.dbFieldTxtEn ?? null,
            dbDefaultVal: f.dbDefaultVal ?? null,
            dictField: f.dictField ?? null,
            dictTable: f.dictTable ?? null,
            dictText: f.dictText ?? null,
            isUnique: f.isUnique ?? 0,
            fieldValidType: f.fieldValidType ?? null,
            queryMode: f.queryMode ?? 'single',
            fieldShowType: f.fieldShowType ?? 'text',
            sortFlag: f.sortFlag ?? 0,
            mainTable: f.mainTable ?? null,
            mainField: f.mainField ?? null,
          })),
          indexs: snapshotOf(loaded).indexs.map((i) => ({
            ...i,
            indexType: i.indexType === 'unique' ? ('unique' as const) : ('normal' as const),
          })),
        });
        await checkMaster(tx, definition, true);
        const applied = await syncTable(tx, definition, confirm || request.params.synMethod === 'force');
        await tx
          .update(onlCgformHead)
          .set({ isDbSynch: 'Y', synced: definition, updateBy: by, updateTime: new Date() })
          .where(eq(onlCgformHead.id, request.params.headId));
        return applied;
      });
      return ok({ changes }, '同步数据库成功!');
    },
  );

  // A synced form in the menu (under 在线开发), its buttons carrying the form's codes, so roles grant them in
  // the role screen like any other list's.
  r.post(
    '/online/cgform/head/addMenu',
    permitted(`${CGFORM_DESIGN}:edit`, { body: idQuery }, { operateType: 2, content: '在线表单加入菜单' }),
    async (request) => {
      const by = username(request);
      const url = `/online/cgformList/${request.body.id}`;
      const menuId = await db.transaction(async (tx) => {
        const [head] = await tx.select().from(onlCgformHead).where(eq(onlCgformHead.id, request.body.id));
        if (!head) throw recordNotFound();
        if (!head.synced) throw bizError('请先同步数据库', 400);
        const [taken] = await idsWhere(
          tx,
          sysPermission,
          eq(sysPermission.url, url),
          eq(sysPermission.delFlag, 0),
        );
        if (taken) throw bizError('该表单已在菜单中', 400);
        const [group] = await idsWhere(
          tx,
          sysPermission,
          eq(sysPermission.url, '/online'),
          eq(sysPermission.menuType, 0),
        );
        const prefix = cgformPermission(head.tableName);
        const [menu] = await tx
          .insert(sysPermission)
          .values({
            parentId: group?.id ?? null,
            name: head.tableTxt.slice(0, 100),
            nameEn: head.tableTxtEn?.slice(0, 100) ?? null,
            url,
            component: 'modules/online/cgform/auto/OnlCgformAutoList',
            menuType: group ? 1 : 0,
            perms: `${prefix}:list`,
            sortNo: 100,
            icon: group ? null : 'FormOutlined',
            createBy: by,
          })
          .returning({ id: sysPermission.id });
        if (!menu) throw bizError('保存失败');
        const buttons: Array<[string, string, string]> = [
          ['add', '新增', 'Add'],
          ['edit', '编辑', 'Edit'],
          ['delete', '删除', 'Delete'],
          ['export', '导出', 'Export'],
          ['import', '导入', 'Import'],
        ];
        await tx.insert(sysPermission).values(
          buttons.map(([code, name, nameEn], i) => ({
            parentId: menu.id,
            name,
            nameEn,
            menuType: 2,
            perms: `${prefix}:${code}`,
            sortNo: i + 1,
            createBy: by,
          })),
        );
        return menu.id;
      });
      invalidateGrants();
      return ok({ id: menuId, url }, '已加入菜单，请在角色管理中授权');
    },
  );

  r.delete(
    '/online/cgform/head/delete',
    permitted(
      `${CGFORM_DESIGN}:delete`,
      { querystring: idQuery.extend({ confirm: z.enum(['true', 'false']).optional() }) },
      { operateType: 4, content: '删除在线表单' },
    ),
    async (request) => {
      await db.transaction(async (tx) => {
        const loaded = await loadDefinition(tx, request.query.id);
        if (!loaded) throw recordNotFound();
        const name = loaded.head.tableName;
        await refuseMasterWithSubs(tx, name);
        const table = sql`${sql.identifier(CGFORM_SCHEMA)}.${sql.identifier(name)}`;
        const [exists] = rowsOf(
          await tx.execute(
            sql`select 1 as one from information_schema.tables where table_schema = ${CGFORM_SCHEMA} and table_name = ${name}`,
          ),
        );
        if (exists) {
          const rows = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from ${table}`));
          if (Number(rows[0]?.n ?? 0) > 0 && request.query.confirm !== 'true')
            throw bizError(`表 ${name} 中有 ${rows[0]?.n} 行数据，确认后才能删除`, 409);
          await tx.execute(sql`drop table ${table}`);
        }
        for (const t of [onlCgformField, onlCgformIndex, onlCgformVersion])
          await tx.delete(t).where(eq(t.cgformHeadId, request.query.id));
        await tx.delete(onlCgformHead).where(eq(onlCgformHead.id, request.query.id));
        await refreshSubTables(tx, [loaded.fields]);
      });
      return okMessage('删除成功!');
    },
  );
}
