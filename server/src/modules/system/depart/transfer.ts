import { departBody } from '@freight/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { perm } from '../../../platform/access/declare.ts';
import type { AppContext } from '../../../platform/context.ts';
import { idsWhere } from '../../../platform/db/idsWhere.ts';
import { formatDateTime, ok } from '../../../platform/http/envelope.ts';
import { bizError } from '../../../platform/http/errors.ts';
import { sendAttachment, XLSX_TYPE } from '../../../platform/http/fileReplies.ts';
import { uploadedFile } from '../../../platform/http/upload.ts';
import { readImportRows } from '../../../platform/resource/excelImport.ts';
import type { FieldSpec } from '../../../platform/resource/query.ts';
import { sysDepart } from '../schema.ts';
import { addDepart, liveDepart, liveDeparts } from './service.ts';

const CATEGORY = { '1': '公司', '2': '组织机构', '3': '岗位' } as const;
const col = sysDepart.departName;
/** Sheet columns; the parent is named by its org code, so a sheet can build a whole tree top-down. */
const COLUMNS: Array<[string, FieldSpec]> = [
  ['departName', { column: col, type: 'string', title: '机构名称' }],
  ['orgCode', { column: col, type: 'string', title: '机构编码' }],
  ['parentOrgCode', { column: col, type: 'string', title: '上级机构编码' }],
  ['departNameAbbr', { column: col, type: 'string', title: '机构简称' }],
  ['orgCategory', { column: col, type: 'string', title: '机构类别' }],
  ['departOrder', { column: col, type: 'number', title: '排序' }],
  ['mobile', { column: col, type: 'string', title: '电话' }],
  ['fax', { column: col, type: 'string', title: '传真' }],
  ['address', { column: col, type: 'string', title: '地址' }],
  ['memo', { column: col, type: 'string', title: '备注' }],
];

/** Department export (every live department, in tree order) and import (rows become children of their parent code). */
export function departTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get(
    '/sys/sysDepart/exportXls',
    { config: { access: perm('system:depart:export'), audit: { operateType: 6, content: '导出部门' } } },
    async (_request, reply) => {
      const rows = await liveDeparts(db);
      const codeById = new Map(rows.map((row) => [row.id, row.orgCode]));
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('部门');
      sheet.columns = [
        ...COLUMNS.map(([key, spec]) => ({ header: spec.title, key, width: 18 })),
        { header: '创建时间', key: 'createTime', width: 20 },
      ];
      for (const row of [...rows].sort((a, b) => a.orgCode.localeCompare(b.orgCode)))
        sheet.addRow({
          ...row,
          parentOrgCode: row.parentId ? (codeById.get(row.parentId) ?? '') : '',
          orgCategory: CATEGORY[(row.orgCategory ?? '1') as keyof typeof CATEGORY] ?? row.orgCategory,
          createTime: formatDateTime(row.createTime),
        });
      const data = Buffer.from(await workbook.xlsx.writeBuffer());
      return sendAttachment(reply, XLSX_TYPE, '部门.xlsx', data);
    },
  );

  app.post(
    '/sys/sysDepart/importExcel',
    { config: { access: perm('system:depart:import'), audit: { operateType: 5, content: '导入部门' } } },
    async (request) => {
      const { data } = await uploadedFile(request);
      const rows = await readImportRows(data, COLUMNS, 5_000);
      const errors: Array<{ row: number; message: string }> = [];
      let imported = 0;
      for (const { row, values } of rows) {
        const category = Object.entries(CATEGORY).find(([, text]) => text === values.orgCategory)?.[0];
        try {
          let parentId: string | null = null;
          const parentCode = typeof values.parentOrgCode === 'string' ? values.parentOrgCode : '';
          if (parentCode) {
            const [parent] = await idsWhere(db, sysDepart, eq(sysDepart.orgCode, parentCode), liveDepart);
            if (!parent) throw bizError(`上级机构编码不存在: ${parentCode}`);
            parentId = parent.id;
          }
          const parsed = departBody.safeParse({
            ...values,
            parentId,
            orgCategory: category ?? values.orgCategory,
            orgCode: undefined,
          });
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const title = COLUMNS.find(([key]) => key === issue?.path[0])?.[1].title;
            throw bizError(`${title ? `${title}: ` : ''}${issue?.message ?? '数据不正确'}`);
          }
          await db.transaction((tx) => addDepart(tx, parsed.data, request.session?.user.username));
          imported++;
        } catch (error) {
          errors.push({
            row,
            message: error instanceof Error && error.name === 'AppError' ? error.message : '保存失败',
          });
          if (!(error instanceof Error && error.name === 'AppError'))
            request.log.warn({ err: error, row }, 'depart import row failed');
        }
      }
      const msg = `总上传行数：${rows.length}，已导入行数：${imported}，错误行数：${errors.length}`;
      if (errors.length === 0) return ok({ msg, errors }, `文件导入成功！${msg}`);
      return { ...ok({ msg, errors }, '文件导入成功，但有错误。'), code: 201 };
    },
  );
}
