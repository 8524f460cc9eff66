import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dateTime.ts';

type DateInput = Parameters<typeof formatDateTime>[0];

describe('formatDateTime', () => {
  // What each input reads as in the platform's zone (Asia/Shanghai) unless another zone is named.
  it.each<[what: string, input: DateInput, zone: string | undefined, expected: string]>([
    ['a Date in Asia/Shanghai', new Date('2026-01-15T16:05:09Z'), undefined, '2026-01-16 00:05:09'],
    ['ISO text with a Z offset', '2026-03-01T00:00:00.000Z', undefined, '2026-03-01 08:00:00'],
    ['ISO text with a +08:00 offset', '2026-03-01T10:00:00+08:00', undefined, '2026-03-01 10:00:00'],
    ['epoch milliseconds', 0, undefined, '1970-01-01 08:00:00'],
    ['midnight as 00, not 24', Date.UTC(2026, 4, 31, 16, 0, 0), undefined, '2026-06-01 00:00:00'],
    ['another zone when asked', 0, 'UTC', '1970-01-01 00:00:00'],
    // Offset-less server text is platform wall-clock time.
    ['offset-less server text', '2026-01-15 09:30:00', undefined, '2026-01-15 09:30:00'],
    ['offset-less text without seconds', '2026-01-15T09:30', undefined, '2026-01-15 09:30:00'],
    ['a bare date', '2026-01-15', undefined, '2026-01-15 00:00:00'],
    ['padded text with milliseconds', ' 2026-01-15 09:30:00.123 ', undefined, '2026-01-15 09:30:00'],
    // Impossible wall-clock text, empty and invalid input give empty text.
    ['an impossible day', '2026-02-30 10:00:00', undefined, ''],
    ['an impossible hour', '2026-01-15 24:00:00', undefined, ''],
    ['null', null, undefined, ''],
    ['undefined', undefined, undefined, ''],
    ['empty text', '', undefined, ''],
    ['text that is not a date', 'not a date', undefined, ''],
    ['an invalid Date', new Date(Number.NaN), undefined, ''],
  ])('formats %s', (_what, input, zone, expected) => {
    expect(formatDateTime(input, zone)).toBe(expected);
  });

  it.each<[input: DateInput, zone: string | undefined, expected: string]>([
    ['2026-01-15T16:05:09Z', undefined, '2026-01-16'],
    ['2026-01-15T16:05:09Z', 'UTC', '2026-01-15'],
    [null, undefined, ''],
  ])('formatDate keeps the date part of %s (zone %s)', (input, zone, expected) => {
    expect(formatDate(input, zone)).toBe(expected);
  });
});
