import { MSG } from '../messages.ts';

// Upload list rules.

export type UploadStatus = 'uploading' | 'done' | 'error' | 'removed';

export interface UploadCellFile {
  uid?: string;
  name: string;
  type?: string;
  size?: number;
  status?: UploadStatus;
  percent?: number;
  path?: string;
  message?: string;
}

export type MoveDirection = 'left' | 'right';
export type MoveResult<T> = { ok: true; list: T[] } | { ok: false; message: string };

/** The 'number' limit keeps only the last N files when N > 0. */
export function keepLastFiles<T>(list: readonly T[], limit: number): T[] {
  return limit > 0 ? list.slice(-limit) : [...list];
}

/** An image upload accepts only types containing 'image'. */
export function checkImageType(file: { type?: string | null }): string | null {
  return file.type?.includes('image') ? null : MSG.uploadImageOnly;
}

/** Image reorder; the first cannot move left, the last cannot move right. */
export function moveImage<T>(list: readonly T[], index: number, direction: MoveDirection): MoveResult<T> {
  if (!Number.isInteger(index) || index < 0 || index >= list.length)
    return { ok: false, message: MSG.unknownOperation };
  if (direction === 'left' && index === 0) return { ok: false, message: MSG.unknownOperation };
  if (direction === 'right' && index === list.length - 1) return { ok: false, message: MSG.alreadyLast };
  const other = direction === 'left' ? index - 1 : index + 1;
  const next = [...list];
  [next[index], next[other]] = [next[other], next[index]];
  return { ok: true, list: next };
}

/** The upload error dialog shows the message, or 未知错误 when there is none. */
export function uploadErrorText(message?: string | null): string {
  return message?.trim() ? message : MSG.unknownError;
}

/** Per file, the file name followed by 上传失败. */
export function fileUploadFailedText(name: string): string {
  return `${name} ${MSG.uploadFailedSuffix}`;
}

export type UploadOutcome = { status: 'done'; path: string } | { status: 'error'; message: string };

/** The upload call answers with the stored path in `message` when it succeeds. */
export function settleUpload(
  response: { success?: boolean; message?: string | null } | null | undefined,
): UploadOutcome {
  if (response?.success && response.message) return { status: 'done', path: response.message };
  return { status: 'error', message: uploadErrorText(response?.message) };
}
