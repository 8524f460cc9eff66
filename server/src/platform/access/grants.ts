import type { Db } from '../db/client.ts';
import {
  accessDirectory,
  type DataRule,
  type GrantedPermission,
  type GrantRow,
  type UserGrants,
} from './directory.ts';

export type { DataRule, GrantedPermission, GrantRow, UserGrants } from './directory.ts';
/** The data rule as the row filters read it. */
export type DataRuleRow = DataRule;

// Grants change rarely and are read on every request: cache per user, dropped on any grant change in this
// process and after a short TTL so another instance's change is seen within seconds.
const TTL_MS = 15_000;

/**
 * The grants of each user, folded from every grant path the owning module reports. The owner keeps one
 * cache, typed with its full permission rows, and drops it whenever a role, menu or membership changes.
 */
export class GrantCache<P extends GrantedPermission> {
  // Per database: user ids repeat across databases (tests, benches and tools open several in one process).
  private caches = new WeakMap<object, Map<string, { at: number; grants: Promise<UserGrants<P>> }>>();

  constructor(private readonly load: (db: Db, userId: string) => Promise<GrantRow<P>[]>) {}

  invalidate(): void {
    this.caches = new WeakMap();
  }

  of(db: Db, userId: string): Promise<UserGrants<P>> {
    let cache = this.caches.get(db);
    if (!cache) {
      cache = new Map();
      this.caches.set(db, cache);
    }
    const hit = cache.get(userId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.grants;
    const grants = this.load(db, userId).then(foldGrants);
    const entry = { at: Date.now(), grants };
    cache.set(userId, entry);
    // A failed load is not kept; a later one that replaced it stays.
    grants.catch(() => cache.get(userId) === entry && cache.delete(userId));
    return grants;
  }
}

function foldGrants<P extends GrantedPermission>(rows: GrantRow<P>[]): UserGrants<P> {
  const byId = new Map<string, P>();
  const dataRuleIds = new Map<string, Set<string>>();
  const codes = new Set<string>();
  for (const { permission, dataRuleIds: ruleIds } of rows) {
    byId.set(permission.id, permission);
    if (ruleIds) {
      const set = dataRuleIds.get(permission.id) ?? new Set<string>();
      for (const id of ruleIds.split(',')) if (id) set.add(id);
      dataRuleIds.set(permission.id, set);
    }
    if (permission.perms && permission.status === '1') {
      for (const code of permission.perms.split(',')) if (code.trim()) codes.add(code.trim());
    }
  }
  const permissions = [...byId.values()].sort((a, b) => (a.sortNo ?? 0) - (b.sortNo ?? 0));
  return { permissions, codes, dataRuleIds };
}

export function grantsOf(db: Db, userId: string): Promise<UserGrants> {
  return accessDirectory().grants(db, userId);
}

/** Active data rules the user holds on the menu whose component is `component` (reference @PermissionData). */
export async function dataRulesFor(db: Db, userId: string, component: string): Promise<DataRuleRow[]> {
  const grants = await grantsOf(db, userId);
  const ids = new Set<string>();
  for (const p of grants.permissions) {
    if (p.component === component) for (const id of grants.dataRuleIds.get(p.id) ?? []) ids.add(id);
  }
  if (ids.size === 0) return [];
  return accessDirectory().dataRules(db, [...ids]);
}
