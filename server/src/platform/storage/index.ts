import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { type FileStorage, LocalStorage } from './localStorage.ts';
import { S3Storage } from './s3Storage.ts';

export type { FileStorage } from './localStorage.ts';

/** Uploads go to the S3-compatible store when one is configured, else to DATA_DIR/upload. */
export function createStorage(config: AppConfig): FileStorage & { close?(): void } {
  return config.s3 ? new S3Storage(config.s3) : new LocalStorage(path.join(config.dataDir, 'upload'));
}
