// Business constants and limits. Both the server and the console import these.

/** Session, dictionary cache and user-info lifetime (7 days). */
export const SESSION_TTL_MS = 604_800_000;
/** Login success code (a string in the envelope comparisons of the console). */
export const LOGIN_SUCCESS_CODE = 200;
/** The newer username login answers 406 when the password must be changed first. */
export const LOGIN_PASSWORD_CHANGE_CODE = 406;
/** Wrong captcha on the standard login. */
export const LOGIN_CAPTCHA_ERROR_CODE = 412;
export const HTTP_TIMEOUT_MS = 60_000;
export const DEFAULT_BASE_PATH = '/jeecg-boot';
export const DEFAULT_TENANT_ID = '0';
export const NOTICE_POLL_MS = 650_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const DICT_SEARCH_DEBOUNCE_MS = 300;
export const POPUP_ROW_KEY_MAX = 50;
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
export const NOT_FOUND_PATH = '/404';
/** Tab context-menu keys. */
export const TAB_MENU_KEYS = { closeLeft: '1', closeRight: '2', closeOthers: '3', refresh: '4' } as const;
export const PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'] as const;
export const POPUP_MODAL_WIDTH = 1200;
export const NOTICE_MODAL_WIDTH = '60%';
export const FILE_POPUP_WIDTH = 520;
export const BREAKPOINT_MOBILE = 1087.99;
export const BREAKPOINT_MOBILE_SIDER_CLOSED = 767.99;
export const HEADER_AUTO_HIDE_SCROLL_PX = 100;
export const SIDER_WIDTH = 200;
export const FILE_NAME_SHOWN_CHARS = 5;
export const ELLIPSIS_LENGTH = 25;
export const DETAIL_LIST_MAX_COLUMNS = 4;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 30;
export const SETTINGS_DRAWER_OPEN_DELAY_MS = 16;

/** Announcement priorities: L general, M important, H urgent. */
export const PRIORITY_CODES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITY_CODES)[number];

/** User types plus the agent type this product adds (domain.md: brokers log in too). */
export const USER_TYPE = { system: 1, customer: 2, agent: 3, captain: 4, customerAdmin: 6 } as const;

/**
 * The party column that scopes a user's rows (the user's `cid` holds the party's id); platform staff are not
 * scoped by party.
 */
export function partyScopeOf(userType: number): 'customer' | 'agent' | 'captain' | undefined {
  if (userType === USER_TYPE.customer || userType === USER_TYPE.customerAdmin) return 'customer';
  if (userType === USER_TYPE.agent) return 'agent';
  if (userType === USER_TYPE.captain) return 'captain';
  return undefined;
}
export type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

/** Review states shared by drivers, vehicles, customers, carriers, agents, captains, bank cards (domain.md). */
export const REVIEW_STATE = { draft: 0, pending: 1, approved: 2, rejected: 3, expired: 4 } as const;

/** Demo password of every seeded account. */
export const DEMO_PASSWORD = 'Freight#2026';
