// Excel export (streamed by the server) and import with the per-row error report.
import type { Envelope } from '@freight/contracts';
import { download, upload } from '../../services/request';

export interface ImportReport {
  msg: string;
  errors: Array<{ row: number; message: string }>;
}

/** Downloads `url` with `params` as a file; a JSON answer in place of the file is a refusal. */
export async function downloadFile(url: string, params: Record<string, unknown>, fallbackName: string) {
  const { blob, fileName } = await download(url, params);
  if (blob.type.includes('json')) {
    const envelope = JSON.parse(await blob.text()) as Envelope<unknown>;
    throw new Error(envelope.message || '导出失败');
  }
  const name = fileName ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export async function uploadImport(
  url: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<{ ok: boolean; message: string; report: ImportReport | null }> {
  const envelope = await upload<ImportReport>(url, file, {}, onProgress);
  return { ok: envelope.success, message: envelope.message, report: envelope.result ?? null };
}
