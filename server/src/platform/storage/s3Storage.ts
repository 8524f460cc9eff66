import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileStorage } from './localStorage.ts';

export interface S3Settings {
  /** e.g. http://127.0.0.1:9000 for MinIO, https://oss-cn-hangzhou.aliyuncs.com for OSS. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (MinIO, most self-hosted stores) rather than in the host name. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, e.g. `freight/`. */
  prefix: string;
}

/** A relative upload path as an object key: no empty, `.` or `..` segments, no leading slash. */
function keyOf(prefix: string, relativePath: string): string | null {
  const segments = relativePath.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..' || s.includes('\\'))) return null;
  return `${prefix}${relativePath}`;
}

/** Uploads in an S3-compatible object store (MinIO, Aliyun OSS, Tencent COS, AWS S3). */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;

  constructor(private readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 demands them: MinIO, OSS and COS do not all speak the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(relativePath: string, data: Buffer): Promise<void> {
    const key = keyOf(this.settings.prefix, relativePath);
    if (!key) throw new Error('path outside storage');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: data,
        ContentLength: data.length,
        // Stored names are unique; never overwrite one that exists (as the local store's 'wx').
        IfNoneMatch: '*',
      }),
    );
  }

  async open(relativePath: string): Promise<{ stream: Readable; size: number } | null> {
    const key = keyOf(this.settings.prefix, relativePath);
    if (!key) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      if (!object.Body) return null;
      return { stream: object.Body as Readable, size: Number(object.ContentLength ?? 0) };
    } catch (error) {
      if (error instanceof NoSuchKey) return null;
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async remove(relativePath: string): Promise<void> {
    const key = keyOf(this.settings.prefix, relativePath);
    if (key) await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  close(): void {
    this.client.destroy();
  }
}
