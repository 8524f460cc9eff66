import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { bizError } from './errors.ts';

/**
 * The request's uploaded file, read whole, with the refusals the console shows when none came or it is
 * larger than the multipart limit (10 MB unless `fileSize` says less).
 */
export async function uploadedFile(
  request: FastifyRequest,
  limits?: { fileSize: number },
): Promise<{ file: MultipartFile; data: Buffer }> {
  const file = await request.file(limits && { limits });
  if (!file) throw bizError('未上传任何文件');
  try {
    return { file, data: await file.toBuffer() };
  } catch {
    throw bizError('文件大小超出10MB限制');
  }
}
