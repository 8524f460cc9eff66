// Date display (YYYY-MM-DD HH:mm:ss), in the platform's zone (domain.md: Asia/Shanghai).

export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

// Server strings without an offset (the JEECG 'yyyy-MM-dd HH:mm:ss' form) are already wall-clock
// times of the platform zone; parsing them as Date would shift them by the runtime's own zone.
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function fromWallClock(text: string): string | null {
  const match = WALL_CLOCK.exec(text);
  if (!match) return null;
  const [y, mo, d, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const probe = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const valid =
    probe.getUTCFullYear() === y &&
    probe.getUTCMonth() === mo - 1 &&
    probe.getUTCDate() === d &&
    probe.getUTCHours() === h &&
    probe.getUTCMinutes() === mi &&
    probe.getUTCSeconds() === s;
  return valid ? `${pad(y, 4)}-${pad(mo)}-${pad(d)} ${pad(h)}:${pad(mi)}:${pad(s)}` : '';
}

/**
 * Date, ISO text with an offset, or epoch milliseconds as 'YYYY-MM-DD HH:mm:ss' in `timeZone`.
 * Text without an offset is taken as wall-clock time of that zone. Empty or invalid input gives ''.
 */
export function formatDateTime(
  input: Date | string | number | null | undefined,
  timeZone: string = PLATFORM_TIME_ZONE,
): string {
  if (input === null || input === undefined || input === '') return '';
  if (typeof input === 'string') {
    const wall = fromWallClock(input.trim());
    if (wall !== null) return wall;
  }
  const date = input instanceof Date ? input : new Date(input);
  if (Number.isNaN(date.getTime())) return '';
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(date)) parts[part.type] = part.value;
  return `${parts.year.padStart(4, '0')}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The date part only, 'YYYY-MM-DD'. */
export function formatDate(input: Date | string | number | null | undefined, timeZone?: string): string {
  return formatDateTime(input, timeZone).slice(0, 10);
}
