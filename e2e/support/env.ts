// Shared constants of the browser tests: server address, demo accounts, where files go. The password, paths and
// the messages shown word for word (MSG) are the contracts' own.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BASE_PATH, DEMO_PASSWORD } from '@freight/contracts';

export { HOME_PATH, LOGIN_PATH } from '@freight/contracts';

export const E2E_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(E2E_DIR, '..');
/** Screenshots the issue asks for, and the logged-in storage states (git-ignored). */
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Per port: runs on other ports (another server, another database) keep their own sessions. */
export const AUTH_DIR = path.join(ARTIFACTS_DIR, `.auth-${PORT}`);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const API_BASE = DEFAULT_BASE_PATH;

/** Demo accounts of the seed (server/src/seed/seed.ts); all share one password. */
export const USERS = {
  admin: 'admin',
  /** Platform operations staff (role operations): freight work, no finance or system administration. */
  operations: 'operations01',
  shipperAdmin: 'shipper_admin',
  shipper: 'shipper',
  agent: 'agent01',
  captain: 'captain01',
} as const;
export type DemoUser = (typeof USERS)[keyof typeof USERS];
export const PASSWORD = DEMO_PASSWORD;

export function authFile(user: DemoUser): string {
  return path.join(AUTH_DIR, `${user}.json`);
}

/** A browser context with nobody logged in. */
export const LOGGED_OUT = { cookies: [], origins: [] };

/** A built-in page that loads no data of its own: the cheapest way into the main layout. */
export const LIGHT_PAGE = '/account/center';
