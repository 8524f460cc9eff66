import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface FileStorage {
  save(relativePath: string, data: Buffer): Promise<void>;
  open(relativePath: string): Promise<{ stream: Readable; size: number } | null>;
  /** Removes a file if it is there (an upload whose record was not saved). */
  remove(relativePath: string): Promise<void>;
}

/** Files under DATA_DIR/upload. Paths are resolved and checked to stay inside that folder. */
export class LocalStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private resolve(relativePath: string): string | null {
    const full = path.resolve(this.root, relativePath);
    return full.startsWith(path.resolve(this.root) + path.sep) ? full : null;
  }

  async save(relativePath: string, data: Buffer): Promise<void> {
    const full = this.resolve(relativePath);
    if (!full) throw new Error('path outside storage');
    await mkdir(path.dirname(full), { recursive: true });
    await writeFile(full, data, { flag: 'wx' });
  }

  async open(relativePath: string): Promise<{ stream: Readable; size: number } | null> {
    const full = this.resolve(relativePath);
    if (!full) return null;
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) return null;
    return { stream: createReadStream(full), size: info.size };
  }

  async remove(relativePath: string): Promise<void> {
    const full = this.resolve(relativePath);
    if (full) await rm(full, { force: true });
  }
}
