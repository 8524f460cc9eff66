import type { Db } from '../../platform/db/client.ts';
import type { FileStorage } from '../../platform/storage/index.ts';

export interface DemoContext {
  /** 1 = the default size (a few hundred rows per kind at most); N multiplies it. */
  scale: number;
  /** "Today" of the demo: certificates lapse and expire relative to it. */
  now: Date;
  /** One argon2 hash of the demo password for every demo login (hashing per row would take seconds). */
  passwordHash: string;
  /** Where demo images go (as uploads would); without it no images are seeded. */
  storage?: FileStorage;
  /**
   * Audited notes the demo shows completed, as the shipping seeder drove them: the finance seeder pays them
   * through the pay service, which completes them.
   */
  notesToComplete: string[];
  /**
   * Orders with notes the shipping seeder makes (6 notes each); the default, SHIPPING_PER_SCALE.orders per
   * scale, makes the full demo. A test that needs less than the full demo (one of each kind) passes fewer.
   */
  orders?: number;
}

/**
 * One kind of demo data. Seeders run in list order (see index.ts), each may read what earlier ones wrote,
 * and each must be safe to run again: record n of a kind gets a stable id, inserts skip existing rows.
 */
export interface DemoSeeder {
  name: string;
  /** Returns rows written per kind, for the command's summary. */
  run(db: Db, ctx: DemoContext): Promise<Record<string, number>>;
}
