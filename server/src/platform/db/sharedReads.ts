/**
 * Identical reads asked while one of them is running share its answer. Under load a figure asked by many
 * callers at once (a dashboard) is read once per moment instead of once per caller, and a burst queues no
 * more work than one read. Nothing is kept once the read ends: a caller gets an answer read at most one
 * read's duration before it asked, never an older one.
 */
export class SharedReads<V> {
  private readonly running = new Map<string, Promise<V>>();

  run(key: string, read: () => Promise<V>): Promise<V> {
    const known = this.running.get(key);
    if (known) return known;
    const answer = read().finally(() => this.running.delete(key));
    this.running.set(key, answer);
    return answer;
  }
}

const perDatabase = new WeakMap<object, Map<string, SharedReads<unknown>>>();

/** The shared reads of one kind on one database handle (two apps in one process never share answers). */
export function sharedReadsOf<V>(db: object, kind: string): SharedReads<V> {
  let kinds = perDatabase.get(db);
  if (!kinds) {
    kinds = new Map();
    perDatabase.set(db, kinds);
  }
  let reads = kinds.get(kind);
  if (!reads) {
    reads = new SharedReads<unknown>();
    kinds.set(kind, reads);
  }
  return reads as SharedReads<V>;
}
