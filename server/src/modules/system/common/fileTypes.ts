import { fileTypeFromBuffer } from 'file-type';

/** Pictures and PDF, by extension: a browser may show them in its window. */
export const INLINE_MIME: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
};

/** Plain text types, by extension. */
export const TEXT_MIME: Record<string, string> = {
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Types a user may upload, decided by the file's content, never by its name or the browser's claim. */
const ALLOWED: Record<string, string> = {
  ...INLINE_MIME,
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  doc: 'application/msword',
  zip: 'application/zip',
  /** Android packages (APP版本): a zip container named .apk. */
  apk: 'application/vnd.android.package-archive',
};

export interface SniffedType {
  ext: string;
  mime: string;
}

export async function sniffAllowedType(data: Buffer, originalName: string): Promise<SniffedType | null> {
  const detected = await fileTypeFromBuffer(data);
  if (detected) {
    // Office files are zip (or OLE) containers; trust the detected container, keep the office extension.
    const claimed = originalName.split('.').pop()?.toLowerCase() ?? '';
    if (detected.ext === 'zip' && (claimed === 'xlsx' || claimed === 'docx' || claimed === 'apk'))
      return { ext: claimed, mime: ALLOWED[claimed] };
    if (detected.ext === 'cfb' && (claimed === 'xls' || claimed === 'doc'))
      return { ext: claimed, mime: ALLOWED[claimed] };
    return ALLOWED[detected.ext] ? { ext: detected.ext, mime: ALLOWED[detected.ext] } : null;
  }
  const ext = originalName.split('.').pop()?.toLowerCase() ?? '';
  // Plain text is allowed for these names when the bytes contain no markup a browser would run.
  const textMime = Object.hasOwn(TEXT_MIME, ext) ? TEXT_MIME[ext] : undefined;
  if (!textMime) return null;
  const head = data.subarray(0, 4096).toString('utf8').toLowerCase();
  if (head.includes('<svg') || head.includes('<html') || head.includes('<script')) return null;
  return { ext, mime: textMime };
}

export const INLINE_TYPES = new Set(Object.values(INLINE_MIME));
