import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { untilDrained } from './backpressure.ts';

const settled = async (promise: Promise<void>) => {
  let state = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  await new Promise((r) => setImmediate(r));
  return state;
};

describe('untilDrained', () => {
  it('holds the producer while the client has not taken the buffered download', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    expect(await settled(untilDrained(stream))).toBe('resolved');
    stream.write(Buffer.alloc(64));
    const waiting = untilDrained(stream);
    expect(await settled(waiting)).toBe('pending');
    stream.resume();
    expect(await settled(waiting)).toBe('resolved');
  });

  it('gives up when the client goes away', async () => {
    const stream = new PassThrough({ highWaterMark: 16 });
    stream.write(Buffer.alloc(64));
    const waiting = untilDrained(stream);
    stream.destroy();
    await expect(waiting).rejects.toThrow('closed');
    await expect(untilDrained(stream)).rejects.toThrow('closed');
  });
});
