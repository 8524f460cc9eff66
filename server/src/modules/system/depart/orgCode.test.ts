import { describe, expect, it } from 'vitest';
import { childOrgCode, nextSegment } from './orgCode.ts';

describe('org codes', () => {
  it('counts A01…A99 then B01', () => {
    expect(nextSegment([])).toBe('A01');
    expect(nextSegment(['A01', 'A02'])).toBe('A03');
    expect(nextSegment(['A99'])).toBe('B01');
    expect(nextSegment(['A01', 'B07', 'x'])).toBe('B08');
  });
  it('prefixes the parent code for a child', () => {
    expect(childOrgCode(null, ['A01', 'A02'])).toBe('A03');
    expect(childOrgCode('A01', ['A01A01', 'A01A02', 'A02A05'])).toBe('A01A03');
    expect(childOrgCode('A01A03', [])).toBe('A01A03A01');
  });
});
