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
