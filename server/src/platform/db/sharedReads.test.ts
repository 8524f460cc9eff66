import { describe, expect, it } from 'vitest';
import { SharedReads } from './sharedReads.ts';

describe('shared reads', () => {
  it('answers callers that ask while a read runs with that read, and reads again once it ended', async () => {
    const reads = new SharedReads<number>();
    let started = 0;
    let finish: (value: number) => void = () => {};
    const read = () => {
      started++;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = reads.run('k', read);
    const second = reads.run('k', read);
    expect(started).toBe(1);
    finish(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    const third = reads.run('k', read);
    expect(started).toBe(2);
    finish(8);
    expect(await third).toBe(8);
  });

  it('keeps different keys apart and forgets a failed read', async () => {
    const reads = new SharedReads<string>();
    await expect(reads.run('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.run('a', async () => 'up')).toBe('up');
    const [a, b] = await Promise.all([reads.run('a', async () => 'A'), reads.run('b', async () => 'B')]);
    expect([a, b]).toEqual(['A', 'B']);
  });
});
