import { etcRecordResource } from '@freight/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError } from '../../platform/http/errors.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { listTotalsOf } from '../../platform/resource/countCache.ts';
import { finActorOf, financeAction, noteMoneyRoute } from './actionRoutes.ts';
import {
  deleteEtcBatch,
  ETC_MAX_BYTES,
  type EtcImportResult,
  etcFileRows,
  etcTotalOfNote,
  importEtcRecords,
  matchEtcRecords,
  type SheetRow,
} from './etcRecords.ts';
import { finEtcRecord } from './etcSchema.ts';

// ETC记录 (/plateform/etc): the list (search, sort, paging, export, delete) is the resource engine's; the import
// streams the provider's file through the ETC service, and the waybill's detail asks for its ETC total.

export function etcRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  const prefix = etcRecordResource.permission;
  const changed = () => listTotalsOf(db).invalidate('fin_etc_record');

  bindResource(app, ctx, etcRecordResource, finEtcRecord);

  r.post(
    '/plateform/etc/importExcel',
    {
      config: { access: perm(`${prefix}:import`), audit: { operateType: 5, content: '导入ETC记录' } },
    },
    async (request) => {
      const upload = await request.file({ limits: { fileSize: ETC_MAX_BYTES, files: 1 } });
      if (!upload) throw bizError('未上传任何文件');
      const file = upload;
      if (!/\.(xlsx|csv)$/i.test(file.filename))
        throw bizError('请上传服务商导出的 Excel（.xlsx）或 CSV 文件');
      // A CSV is read while it arrives (the upload's progress is the import's), an xlsx from a copy of it; a file cut
      // at the size limit undoes it all.
      // Only a file the reader cannot read is the user's to fix; a failure of the import itself stays the
      // server's (a database error is not reported as a bad file).
      async function* rows(): AsyncGenerator<SheetRow> {
        try {
          yield* etcFileRows(file.file, file.filename);
        } catch (error) {
          if (error instanceof Error && error.name === 'AppError') throw error;
          request.log.warn({ err: error }, 'etc file unreadable');
          throw bizError('无法读取文件，请上传服务商导出的 Excel（.xlsx）或 CSV 文件');
        }
        if (file.file.truncated) throw bizError(`文件大小超出${ETC_MAX_BYTES / 1024 / 1024}MB限制`);
      }
      let result: EtcImportResult;
      try {
        result = await importEtcRecords(db, finActorOf(request), rows(), (n) =>
          request.log.debug({ rows: n }, 'etc import progress'),
        );
      } finally {
        file.file.resume();
      }
      changed();
      const report = result;
      if (result.errorCount === 0) return ok(report, `文件导入成功！${result.msg}`);
      return { ...ok(report, '文件导入成功，但有错误。'), code: 201 };
    },
  );

  r.post(
    '/plateform/etc/match',
    { config: { access: perm(`${prefix}:match`), audit: { operateType: 3, content: '重新匹配ETC记录' } } },
    async (request) => {
      const result = await db.transaction((tx) => matchEtcRecords(tx, finActorOf(request).tenantId));
      changed();
      return ok(result, `匹配运单${result.matched}条，仍未匹配${result.unmatched}条`);
    },
  );

  financeAction(
    app,
    '/plateform/etc/deleteBatch',
    `${prefix}:delete`,
    z.object({ importBatch: z.string().min(1).max(32) }),
    async (actor, input) => {
      const count = await deleteEtcBatch(db, actor.tenantId, input.importBatch);
      changed();
      return { count };
    },
    ({ count }, input) => `已删除导入批次${input.importBatch}的${count}条记录`,
    { operateType: 4, content: '删除ETC导入批次' },
  );

  // The waybill's ETC total in its detail drawer.
  noteMoneyRoute(app, '/shipping/hyShippingNote/etc', (actor, id) => etcTotalOfNote(db, actor.tenantId, id));
}
