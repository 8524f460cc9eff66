import type { DictItem, Party } from '@freight/contracts';
import type { AppConfig } from '../config.ts';
import type { Db } from './db/client.ts';
import type { RequestTraces } from './http/requestTrace.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { FileStorage } from './storage/index.ts';

/** Dictionary texts for `<field>_dictText` (implemented by the system module's cache). */
export interface DictLookup {
  text(code: string, value: unknown): string | undefined;
  items(code: string): DictItem[];
}

/**
 * Who a header counter counts for: a counter is the total of the list it links to as this user sees it, so
 * review counters need the review code and party users count only their own rows.
 */
export interface CounterScope {
  tenantId: number;
  /** The user's permission codes; absent for the platform-wide figures of a scheduled job. */
  codes?: ReadonlySet<string>;
  party?: Party;
  partyId?: string | null;
}

/** Whether a counter that needs `code` counts for this scope. */
export function countsFor(scope: CounterScope, code: string): boolean {
  return !scope.codes || scope.codes.has(code);
}

/** A header counter of pending work contributed by the module that owns its table. */
export type CounterProvider = (scope: CounterScope) => Promise<Partial<Record<string, number>>>;

/** Shared services handed to every module; modules reach each other only through these. */
export interface AppContext {
  config: AppConfig;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  dicts: DictLookup;
  counters: CounterProvider[];
  realtime: RealtimeHub;
  /** Scheduled jobs: modules register the jobs they own; started by buildApp unless disabled. */
  jobs: JobScheduler;
  /** Uploaded files: local folder or S3-compatible store. */
  storage: FileStorage;
  /** The last requests answered by this process (monitoring). */
  traces: RequestTraces;
}
