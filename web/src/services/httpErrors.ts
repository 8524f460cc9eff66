// Error catalogue as a pure mapping from an HTTP failure to what the user sees.
import { MSG } from '@freight/contracts';

export type HttpErrorView =
  | { kind: 'notification'; title: string; text: string; durationSec: number }
  | { kind: 'message'; text: string }
  | { kind: 'loginExpired'; title: string; text: string; okText: string }
  | { kind: 'silent' };

export function describeHttpError(
  status: number | undefined,
  serverMessage: string | undefined,
): HttpErrorView {
  const text = serverMessage?.trim() || '';
  switch (status) {
    case 403:
      return { kind: 'notification', title: MSG.forbiddenTitle, text: MSG.forbidden, durationSec: 3 };
    case 404:
      return { kind: 'notification', title: MSG.forbiddenTitle, text: MSG.notFound, durationSec: 4 };
    case 504:
      return { kind: 'notification', title: MSG.forbiddenTitle, text: MSG.timeout, durationSec: 4 };
    case 401:
      return {
        kind: 'loginExpired',
        title: MSG.loginExpiredTitle,
        text: MSG.loginExpiredContent,
        okText: MSG.loginExpiredButton,
      };
    case undefined:
      // No answer at all: the request timed out or the network is down.
      return { kind: 'notification', title: MSG.forbiddenTitle, text: text || MSG.timeout, durationSec: 4 };
    default:
      // 500 and any other status: the server's own message.
      return text
        ? { kind: 'notification', title: MSG.forbiddenTitle, text, durationSec: 4 }
        : { kind: 'notification', title: MSG.forbiddenTitle, text: MSG.unknownError, durationSec: 4 };
  }
}

/** GET calls get a `_t` timestamp except the dictionary item look-ups. */
export function needsTimestamp(method: string | undefined, url: string | undefined): boolean {
  if ((method ?? 'get').toLowerCase() !== 'get') return false;
  const u = url ?? '';
  return !u.includes('/sys/dict/getDictItems') && !u.includes('/sys/dict/loadDictItem');
}

/** After the login-expired dialog: reload unless already on the root or the login page. */
export function shouldReloadAfterExpiry(pathname: string): boolean {
  return pathname !== '/' && !pathname.startsWith('/user/login');
}
