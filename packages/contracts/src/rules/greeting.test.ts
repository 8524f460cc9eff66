import { describe, expect, it } from 'vitest';
import { GREETING_ZH, greetingKey, greetingKeyForHour, greetingText, hourOf } from './greeting.ts';

const at = (hh: number, mm: number) => new Date(2026, 0, 15, hh, mm);

describe('greeting by hour', () => {
  it.each([
    [0, 0, 'morning'],
    [8, 59, 'morning'],
    [9, 0, 'forenoon'],
    [10, 59, 'forenoon'],
    [11, 0, 'forenoon'],
    [11, 59, 'forenoon'],
    [12, 0, 'noon'],
    [12, 59, 'noon'],
    [13, 0, 'noon'],
    [13, 59, 'noon'],
    [14, 0, 'afternoon'],
    [19, 59, 'afternoon'],
    [20, 0, 'evening'],
    [23, 59, 'evening'],
  ] as const)('%i:%i is %s', (hh, mm, key) => {
    expect(greetingKey(at(hh, mm))).toBe(key);
  });

  it('maps keys to the zh-CN texts', () => {
    expect(GREETING_ZH).toEqual({
      morning: '早上好',
      forenoon: '上午好',
      noon: '中午好',
      afternoon: '下午好',
      evening: '晚上好',
    });
    expect(greetingText(at(20, 0))).toBe('晚上好');
  });

  it('rejects impossible hours', () => {
    expect(() => greetingKeyForHour(24)).toThrow(RangeError);
    expect(() => greetingKeyForHour(-1)).toThrow(RangeError);
    expect(() => greetingKeyForHour(9.5)).toThrow(RangeError);
  });

  it('reads the hour in a given time zone', () => {
    const utcMidnight = new Date(Date.UTC(2026, 0, 15, 0, 30));
    expect(hourOf(utcMidnight, 'Asia/Shanghai')).toBe(8);
    expect(hourOf(utcMidnight, 'UTC')).toBe(0);
    expect(greetingKey(new Date(Date.UTC(2026, 0, 15, 1, 0)), 'Asia/Shanghai')).toBe('forenoon');
    expect(greetingText(new Date(Date.UTC(2026, 0, 15, 12, 0)), 'Asia/Shanghai')).toBe('晚上好');
  });

  it('defaults to now', () => {
    expect(Object.keys(GREETING_ZH)).toContain(greetingKey());
    expect(Object.values(GREETING_ZH)).toContain(greetingText());
  });
});
