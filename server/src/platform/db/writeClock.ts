// Reads the embedded database may answer from memory. PGlite lives inside this one process: every write to
// it passes through here, so counting writes tells an in-process cache exactly when its entries went stale.
// PostgreSQL has no clock (another instance may write at any time): there, nothing is cached this way.

/** Ticks after every statement that may have written (and after every transaction). */
export class WriteClock {
  private value = 0;
  get version(): number {
    return this.value;
  }
  tick(): void {
    this.value++;
  }
}

// `set` changes settings of the session or transaction (read only, statement timeout), never data.
const READ_ONLY = /^\s*(select|with|show|explain|set)\b/i;
const MAY_WRITE =
  /\b(insert|update|delete|merge|truncate|nextval|setval|pg_advisory\w*|pg_try_advisory\w*|for\s+update|for\s+share)\b/i;

/** True when a statement cannot change data (so it need not tick the clock). */
export function isPlainRead(statement: string): boolean {
  return READ_ONLY.test(statement) && !MAY_WRITE.test(statement);
}

/** Answers cached for the current write version only, at most `ttlMs` old, at most `maxEntries` kept. */
export class VersionedCache<V> {
  private readonly entries = new Map<string, { version: number; at: number; value: V }>();
  constructor(
    private readonly clock: WriteClock,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (hit.version !== this.clock.version || Date.now() - hit.at > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return hit.value;
  }

  /** Stores a value read while the clock showed `version` (taken before the read started). */
  set(key: string, value: V, version: number): void {
    if (version !== this.clock.version) return;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { version, at: Date.now(), value });
  }
}

const clocks = new WeakMap<object, WriteClock>();

/** The write clock of a database handle, when it is the embedded one. */
export function writeClockOf(db: object): WriteClock | undefined {
  return clocks.get(db);
}

export function attachWriteClock(db: object, clock: WriteClock): void {
  clocks.set(db, clock);
}
