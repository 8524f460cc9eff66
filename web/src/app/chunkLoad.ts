// Lazy page loading with the chunk timeout (120 s -> ChunkLoadError).
import { CHUNK_LOAD_TIMEOUT_MS } from '@freight/contracts';

export class ChunkLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChunkLoadError';
  }
}

const CHUNK_FAILURE_PATTERNS = [
  /ChunkLoadError/i,
  /CSS_CHUNK_LOAD_FAILED/,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Outdated Optimize Dep/i,
];

/** True when an error means a script or stylesheet chunk could not be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'ChunkLoadError') return true;
  const text = `${error.name}: ${error.message}`;
  return CHUNK_FAILURE_PATTERNS.some((re) => re.test(text));
}

/** Rejects with a ChunkLoadError when the import takes longer than the chunk timeout. */
export function withChunkTimeout<T>(load: Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading chunk timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  return Promise.race([load, timeout]).finally(() => clearTimeout(timer));
}
