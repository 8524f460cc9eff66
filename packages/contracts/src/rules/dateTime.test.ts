import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dateTime.ts';

describe('formatDateTime', () => {
  it('formats a Date in Asia/Shanghai', () => {
    expect(formatDateTime(new Date('2026-01-15T16:05:09Z'))).toBe('2026-01-16 00:05:09');
  });
  it('formats ISO text with an offset and epoch milliseconds', () => {
    expect(formatDateTime('2026-03-01T00:00:00.000Z')).toBe('2026-03-01 08:00:00');
    expect(formatDateTime('2026-03-01T10:00:00+08:00')).toBe('2026-03-01 10:00:00');
    expect(formatDateTime(0)).toBe('1970-01-01 08:00:00');
  });
  it('uses 00 for midnight, not 24', () => {
    expect(formatDateTime(Date.UTC(2026, 4, 31, 16, 0, 0))).toBe('2026-06-01 00:00:00');
  });
  it('honours another zone when asked', () => {
    expect(formatDateTime(0, 'UTC')).toBe('1970-01-01 00:00:00');
  });
  it('keeps offset-less server text as platform wall-clock time', () => {
    expect(formatDateTime('2026-01-15 09:30:00')).toBe('2026-01-15 09:30:00');
    expect(formatDateTime('2026-01-15T09:30')).toBe('2026-01-15 09:30:00');
    expect(formatDateTime('2026-01-15')).toBe('2026-01-15 00:00:00');
    expect(formatDateTime(' 2026-01-15 09:30:00.123 ')).toBe('2026-01-15 09:30:00');
  });
  it('rejects impossible wall-clock text', () => {
    expect(formatDateTime('2026-02-30 10:00:00')).toBe('');
    expect(formatDateTime('2026-01-15 24:00:00')).toBe('');
  });
  it('gives empty text for empty or invalid input', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
  it('formatDate keeps the date part', () => {
    expect(formatDate('2026-01-15T16:05:09Z')).toBe('2026-01-16');
    expect(formatDate('2026-01-15T16:05:09Z', 'UTC')).toBe('2026-01-15');
    expect(formatDate(null)).toBe('');
  });
});
