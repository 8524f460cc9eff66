import type { DictItem } from '@freight/contracts';
import type { AppConfig } from '../config.ts';
import type { Db } from './db/client.ts';
import type { JobScheduler } from './jobs/scheduler.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { FileStorage } from './storage/index.ts';

/** Dictionary texts for `<field>_dictText` (implemented by the system module's cache). */
export interface DictLookup {
  text(code: string, value: unknown): string | undefined;
  items(code: string): DictItem[];
}

/** A header counter (spec §3 pending counts) contributed by the module that owns its table. */
export type CounterProvider = (ctx: { tenantId: number }) => Promise<Partial<Record<string, number>>>;

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
}
