import type { ResolvedSession, SessionUser } from '../auth/session.ts';
import type { Db } from '../db/client.ts';

/** A granted menu or button as the platform reads it; the module that owns permissions may carry more. */
export interface GrantedPermission {
  id: string;
  /** Comma-separated permission codes. */
  perms: string | null;
  /** '1' enabled: only enabled codes grant anything. */
  status: string;
  sortNo: number | null;
  /** The console page a menu opens; data rules are granted per page. */
  component: string | null;
}

/** One grant path of a permission (a role, a department role), with the data rules given along. */
export interface GrantRow<P extends GrantedPermission = GrantedPermission> {
  permission: P;
  /** Comma-separated data-rule ids granted with the permission on this path. */
  dataRuleIds: string | null;
}

/** A row filter granted with a menu: `ruleColumn ruleConditions ruleValue`. */
export interface DataRule {
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
}

export interface UserGrants<P extends GrantedPermission = GrantedPermission> {
  /** Granted, undeleted permissions (menus and buttons), by sort order. */
  permissions: P[];
  /** Enabled permission codes, split on commas. */
  codes: Set<string>;
  /** Data-rule ids granted per permission id (union over every grant path). */
  dataRuleIds: Map<string, Set<string>>;
}

/**
 * Who a user is and what the user may do. Users, tenants, roles and departments are business tables of the
 * system module; the platform authenticates, guards routes and scopes rows through this interface alone,
 * so it never imports the module that answers it.
 */
export interface AccessDirectory {
  /** The user behind an ordinary session token, when the user may act now (active, not deleted). */
  sessionUser(
    db: Db,
    tokenHash: string,
  ): Promise<{ user: SessionUser; expiresAt: Date; passwordChangedAt?: Date | null } | null>;
  /** A restricted token (e.g. a forced password change), accepted only by routes declaring its scope. */
  scopedSession(db: Db, token: string, scope: string): Promise<ResolvedSession | null>;
  /** False for a frozen tenant or one outside its validity dates. */
  tenantUsable(db: Db, tenantId: number): Promise<boolean>;
  grants(db: Db, userId: string): Promise<UserGrants>;
  /** The enabled data rules among `ids`. */
  dataRules(db: Db, ids: string[]): Promise<DataRule[]>;
  /** Org codes of the user's departments (the `sys_multi_org_code` data-rule variable). */
  orgCodes(db: Db, userId: string): Promise<string[]>;
}

// The directory is code, the same for every app in the process; the database is passed on every call.
let directory: AccessDirectory | null = null;

/** Called once by the module that owns users and permissions, before the app serves a request. */
export function provideAccessDirectory(provided: AccessDirectory): void {
  directory = provided;
}

export function accessDirectory(): AccessDirectory {
  if (!directory) throw new Error('no module provides the access directory (users, tenants, grants)');
  return directory;
}
