// Copies of an online form (copy list, `OnlCgformCopyList`): the same synced table under another title with
// its own field visibility. A copy's list reads and writes through its form's data routes and codes, so a
// copy never reaches a column or a row its form does not; it only shows less of them.
import { type CgformField, cgformDecl } from '@freight/contracts';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okMessage } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { forSignedIn, permitted } from '../../platform/http/permitted.ts';
import { usernameOf } from '../../platform/http/signedIn.ts';
import { registerDeleteByIdRoute } from '../../platform/resource/deleteById.ts';
import { formFor, syncedForm } from './cgformAccess.ts';
import { type CopyFieldView, onlCgformCopy } from './cgformCopySchema.ts';
import { CGFORM_DESIGN } from './cgformRoutes.ts';
import type { CgformSnapshot } from './cgformSchema.ts';

const flag = z.coerce.number().int().min(0).max(1);
const fieldView = z.object({
  dbFieldName: z.string().min(1).max(64),
  isShowList: flag,
  isShowForm: flag,
  isQuery: flag,
});
const copyBody = z.object({
  tableTxt: z.string().trim().min(1, '表描述不能为空').max(200),
  tableTxtEn: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
  fields: z.array(fieldView).max(200).optional(),
});

/** The form's fields as the copy shows them: its views over the form's settings. */
export function copyFields(fields: CgformField[], views: CopyFieldView[]): CgformField[] {
  const byName = new Map(views.map((v) => [v.dbFieldName, v]));
  return fields.map((f) => {
    const view = byName.get(f.dbFieldName);
    return view
      ? { ...f, isShowList: view.isShowList, isShowForm: view.isShowForm, isQuery: view.isQuery }
      : f;
  });
}

/** Views naming only the form's fields, never hiding a field a new row must be given. */
function checkViews(definition: CgformSnapshot, views: CopyFieldView[]): CopyFieldView[] {
  const names = new Set<string>();
  return views.map((view, i) => {
    const field = definition.fields.find((f) => f.dbFieldName === view.dbFieldName);
    if (!field) throw bizError(`fields[${i}].dbFieldName(${view.dbFieldName}): 不是表单的字段`, 400);
    if (names.has(view.dbFieldName)) throw bizError(`fields[${i}].dbFieldName: 字段重复`, 400);
    names.add(view.dbFieldName);
    if (view.isShowForm === 0 && field.dbIsNull === 0 && !field.dbDefaultVal)
      throw bizError(
        `fields[${i}](${view.dbFieldName}).isShowForm: 必填且无默认值的字段不能在表单中隐藏`,
        400,
      );
    return view;
  });
}

const viewsOf = (definition: CgformSnapshot): CopyFieldView[] =>
  definition.fields.map((f) => ({
    dbFieldName: f.dbFieldName,
    isShowList: f.isShowList,
    isShowForm: f.isShowForm,
    isQuery: f.isQuery,
  }));

export function cgformCopyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/online/cgform/copy/list',
    permitted(
      `${CGFORM_DESIGN}:list`,
      { querystring: z.object({ physicId: z.string().min(1).max(32) }) },
      false,
    ),
    async (request) =>
      ok(
        await db
          .select()
          .from(onlCgformCopy)
          .where(eq(onlCgformCopy.physicId, request.query.physicId))
          .orderBy(asc(onlCgformCopy.createTime), asc(onlCgformCopy.id)),
      ),
  );

  r.post(
    '/online/cgform/copy/add',
    permitted(
      `${CGFORM_DESIGN}:add`,
      { body: copyBody.extend({ physicId: z.string().min(1).max(32) }) },
      { operateType: 2, content: '复制在线表单' },
    ),
    async (request) => {
      const form = await syncedForm(db, request.body.physicId);
      const views = request.body.fields ? checkViews(form.synced, request.body.fields) : viewsOf(form.synced);
      const [copy] = await db
        .insert(onlCgformCopy)
        .values({
          physicId: form.id,
          tableTxt: request.body.tableTxt,
          tableTxtEn: request.body.tableTxtEn,
          fields: views,
          createBy: usernameOf(request),
        })
        .returning({ id: onlCgformCopy.id });
      return ok({ id: copy?.id }, '复制成功！');
    },
  );

  r.put(
    '/online/cgform/copy/edit',
    permitted(
      `${CGFORM_DESIGN}:edit`,
      { body: copyBody.extend({ id: z.string().min(1).max(32) }) },
      { operateType: 3, content: '编辑在线表单副本' },
    ),
    async (request) => {
      const [copy] = await db.select().from(onlCgformCopy).where(eq(onlCgformCopy.id, request.body.id));
      if (!copy) throw recordNotFound();
      const form = await syncedForm(db, copy.physicId);
      await db
        .update(onlCgformCopy)
        .set({
          tableTxt: request.body.tableTxt,
          tableTxtEn: request.body.tableTxtEn,
          fields: request.body.fields ? checkViews(form.synced, request.body.fields) : copy.fields,
          updateBy: usernameOf(request),
          updateTime: new Date(),
        })
        .where(eq(onlCgformCopy.id, copy.id));
      return okMessage('编辑成功!');
    },
  );

  registerDeleteByIdRoute(app, db, {
    path: '/online/cgform/copy/delete',
    permission: `${CGFORM_DESIGN}:delete`,
    content: '删除在线表单副本',
    table: onlCgformCopy,
  });

  // The copy's list as the generated list reads it: its form's declaration with the copy's title and views.
  r.get(
    '/online/cgform/copy/getColumns/:copyId',
    forSignedIn({ params: z.object({ copyId: z.string().min(1).max(32) }) }, false),
    async (request) => {
      const [copy] = await db.select().from(onlCgformCopy).where(eq(onlCgformCopy.id, request.params.copyId));
      if (!copy) throw recordNotFound();
      const form = await formFor(db, request, copy.physicId, 'list');
      const { head } = form.synced;
      const fields = copyFields(form.synced.fields, copy.fields);
      const decl = cgformDecl({
        head: { ...head, id: form.id, tableTxt: copy.tableTxt, tableTxtEn: copy.tableTxtEn },
        fields,
      });
      return ok({
        code: form.id,
        copyId: copy.id,
        tableName: head.tableName,
        tableTxt: copy.tableTxt,
        decl,
        fields,
      });
    },
  );
}
