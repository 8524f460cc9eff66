// Greeting by hour: before 9 morning, to 11 forenoon, to 13 noon, before 20 afternoon,
// otherwise evening. "To 11" and "to 13" include that hour (the spec says "before" where it means
// strictly earlier), so 11:59 is still forenoon and 13:59 still noon.

export type GreetingKey = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

export const GREETING_ZH: Readonly<Record<GreetingKey, string>> = {
  morning: '早上好',
  forenoon: '上午好',
  noon: '中午好',
  afternoon: '下午好',
  evening: '晚上好',
};

export function greetingKeyForHour(hour: number): GreetingKey {
  if (!Number.isInteger(hour) || hour < 0 || hour > 23) throw new RangeError(`hour out of range: ${hour}`);
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}

/** Hour of `at` in `timeZone`, or in the runtime's local zone when none is given (the browser's). */
export function hourOf(at: Date, timeZone?: string): number {
  if (!timeZone) return at.getHours();
  const text = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(text);
}

export function greetingKey(at: Date = new Date(), timeZone?: string): GreetingKey {
  return greetingKeyForHour(hourOf(at, timeZone));
}

export function greetingText(at: Date = new Date(), timeZone?: string): string {
  return GREETING_ZH[greetingKey(at, timeZone)];
}
