// What every bench reads from the environment, and how its settings are written to a result file.

/** A number from the environment (`fallback` when unset or empty): above zero, or at least zero with `allowZero`. */
export function envNumber(name: string, fallback: number, { allowZero = false } = {}): number {
  const value = Number(process.env[name] || fallback);
  const valid = Number.isFinite(value) && (allowZero ? value >= 0 : value > 0);
  if (!valid) throw new Error(`${name} must be a ${allowZero ? 'non-negative' : 'positive'} number`);
  return value;
}

/** The PostgreSQL server the bench creates its own database on; PGlite when unset. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || undefined;

/** Whether a missed target fails the run with exit code 2 (BENCH_ENFORCE=0: report only). */
export const BENCH_ENFORCE = process.env.BENCH_ENFORCE !== '0';

/** The seeded administrator's password. */
export const ADMIN_PASSWORD = 'Freight#2026';

/** The settings as a result file keeps them: the database URL (it may hold a password) only said to be set. */
export function reportedSettings<S extends { databaseUrl?: string }>(settings: S) {
  return { ...settings, databaseUrl: settings.databaseUrl ? '(set)' : undefined };
}
