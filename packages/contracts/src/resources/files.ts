import { resource } from '../resource.ts';
import { dictSearch, identifierColumn, searchedTime } from './fields.ts';
import { newestFirst } from './listPresets.ts';

// 对象存储: every uploaded file (sys_file), whoever uploaded it and for which party. Party users see the files
// of their own party; platform staff every file. Files are read through short-lived signed links.

/** The MIME type of a stored file, from the extension the upload was checked against. */
export function mimeTypeOf(storedPath: string): string {
  const ext = storedPath.split('.').pop()?.toLowerCase() ?? '';
  return FILE_MIME[ext] ?? 'application/octet-stream';
}

const FILE_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
};

export const ossFileResource = resource({
  path: '/sys/oss/file',
  permission: 'system:oss',
  title: ['对象存储', 'Files'],
  // Deleting removes the stored file too: its own route (`/sys/oss/file/delete?path=`), owner or permission.
  actions: [],
  id: 'path',
  scope: { tenant: true, customer: 'partyId', agent: 'partyId', captain: 'partyId' },
  defaultSort: newestFirst,
  fields: {
    originalName: identifierColumn(['文件名', 'File name'], { width: 220, ellipsis: true, fixed: 'left' }),
    biz: { label: ['业务类型', 'Business type'], search: 'like', sort: true, list: { width: 130 } },
    mimeType: { label: ['文件类型', 'MIME type'], from: ['path'], list: { width: 150, ellipsis: true } },
    path: { label: ['存储路径', 'Storage key'], list: { width: 260, ellipsis: true, copyable: true } },
    uploaderType: dictSearch(['上传人类型', 'Uploader type'], 'user_type', 120, { tag: true }),
    uploaderId: { label: ['上传人', 'Uploader'], filter: true, list: false },
    partyId: { label: ['所属主体', 'Party'], filter: true, list: false },
    createTime: searchedTime(['上传时间', 'Uploaded']),
  },
});
