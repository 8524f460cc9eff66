import { dictItemResource, dictResource } from '@freight/contracts';
import { asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { ok, okMessage } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { permitted } from '../../../platform/http/permitted.ts';
import { bindResource } from '../../../platform/resource/bindResource.ts';
import { sysDict, sysDictItem } from '../schema.ts';
import type { DictCache } from './cache.ts';

const id = z.string().min(1).max(32);
/** Dictionaries and their items: CRUD, sort, enable/disable, export/import; every change reloads the cache. */
export function dictAdminRoutes(app: FastifyInstance, ctx: AppContext, dicts: DictCache): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Every instance keeps the dictionaries in memory: a change reloads them everywhere.
  const reload = ctx.realtime.sharedCache('dicts', () => dicts.reload(), app.log);

  bindResource(app, ctx, dictResource, sysDict, {
    dataLog: true,
    // Codes stay unique across the recycle bin too: a deleted dictionary may come back.
    unique: { key: 'dictCode', message: '字典编码已存在!' },
    onChange: reload,
  });

  bindResource(app, ctx, dictItemResource, sysDictItem, {
    dataLog: true,
    async beforeWrite(values, mode, _request, tx) {
      const [dict] = await idsWhere(
        tx,
        sysDict,
        eq(sysDict.id, String(values.dictId)),
        eq(sysDict.delFlag, 0),
      );
      if (!dict) throw bizError('字典不存在');
      const clash = await idsWhere(
        tx,
        sysDictItem,
        eq(sysDictItem.dictId, String(values.dictId)),
        eq(sysDictItem.itemValue, String(values.itemValue)),
        mode === 'edit' ? ne(sysDictItem.id, String(values.id)) : undefined,
      ).limit(1);
      if (clash.length) throw bizError('该字典中已存在此数据值!');
      return values;
    },
    onChange: reload,
  });

  // Enable or disable items in one call (the list's switch and batch buttons).
  r.put(
    '/sys/dictItem/status',
    permitted('system:dict:edit', {
      body: z.object({ ids: z.string().min(1).max(20_000), status: z.coerce.number().int().min(0).max(1) }),
    }),
    async (request) => {
      const ids = [...new Set(request.body.ids.split(',').filter(Boolean))];
      await db
        .update(sysDictItem)
        .set({
          status: request.body.status,
          updateBy: request.session?.user.username,
          updateTime: new Date(),
        })
        .where(inArray(sysDictItem.id, ids));
      await reload();
      return okMessage(request.body.status === 1 ? '启用成功!' : '禁用成功!');
    },
  );

  // Drag-and-drop sorting: the ids in their new order.
  r.put(
    '/sys/dictItem/sort',
    permitted('system:dict:edit', { body: z.object({ ids: z.array(id).min(1).max(1000) }) }),
    async (request) => {
      await db.transaction(async (tx) => {
        for (const [index, itemId] of request.body.ids.entries())
          await tx
            .update(sysDictItem)
            .set({ sortOrder: index + 1, updateTime: new Date() })
            .where(eq(sysDictItem.id, itemId));
      });
      await reload();
      return okMessage('排序成功!');
    },
  );

  // The dictionaries as the leaves of a tree (the reference console's dictionary picker).
  r.get('/sys/dict/treeList', { config: { access: perm('system:dict:list') } }, async () => {
    const rows = await db
      .select({ dictCode: sysDict.dictCode, dictName: sysDict.dictName })
      .from(sysDict)
      .where(eq(sysDict.delFlag, 0))
      .orderBy(asc(sysDict.dictCode));
    return ok(
      rows.map((row) => ({ key: row.dictCode, value: row.dictCode, title: row.dictName, isLeaf: true })),
    );
  });

  // Recycle bin of deleted dictionaries: list, restore, purge.
  r.get('/sys/dict/deleteList', { config: { access: perm('system:dict:delete') } }, async () =>
    ok(await db.select().from(sysDict).where(eq(sysDict.delFlag, 1)).orderBy(desc(sysDict.updateTime))),
  );
  r.put(
    '/sys/dict/back/:id',
    permitted('system:dict:delete', { params: z.object({ id }) }),
    async (request) => {
      await db.update(sysDict).set({ delFlag: 0 }).where(eq(sysDict.id, request.params.id));
      await reload();
      return okMessage('操作成功!');
    },
  );
  r.delete(
    '/sys/dict/deletePhysic/:id',
    permitted('system:dict:delete', { params: z.object({ id }) }),
    async (request) => {
      await db.transaction(async (tx) => {
        const [dict] = await idsWhere(tx, sysDict, eq(sysDict.id, request.params.id), eq(sysDict.delFlag, 1));
        if (!dict) throw bizError('只能彻底删除回收站中的字典');
        await tx.delete(sysDictItem).where(eq(sysDictItem.dictId, dict.id));
        await tx.delete(sysDict).where(eq(sysDict.id, dict.id));
      });
      return okMessage('删除成功!');
    },
  );
}
