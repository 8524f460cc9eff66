import { describe, expect, it } from 'vitest';
import { serializeReply } from './envelope.ts';

describe('serializeReply', () => {
  it('writes dates in China time as YYYY-MM-DD HH:mm:ss, bigints as numbers, and keeps JSON rules', () => {
    const payload = {
      at: new Date('2026-11-23T16:05:09Z'),
      never: new Date('x'),
      big: 12_345n,
      nested: [{ when: new Date('2026-01-01T00:00:00+08:00'), skip: undefined, fn: () => 1 }],
      nothing: null,
      text: '运单',
    };
    expect(JSON.parse(serializeReply(payload))).toEqual({
      at: '2026-11-24 00:05:09',
      never: null,
      big: 12345,
      nested: [{ when: '2026-01-01 00:00:00' }],
      nothing: null,
      text: '运单',
    });
    expect(serializeReply([undefined, 1])).toBe('[null,1]');
    expect(serializeReply({ toJSON: () => ({ a: new Date('2026-11-23T00:00:00Z') }) })).toBe(
      '{"a":"2026-11-23 08:00:00"}',
    );
  });
});
