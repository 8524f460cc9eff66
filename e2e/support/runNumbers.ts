// Personal numbers of one run that no other run on the same database shares: the birth dates and mobiles of the
// parties a spec adds.

/**
 * Birth dates (yyyymmdd) of this run: a day within about 25 years from 1 January of `fromYear`, set by the run's
 * second, `step` days further for each `offset`.
 */
export function runBirthDates(run: number, fromYear: number, step: number): (offset: number) => string {
  return (offset) =>
    new Date(Date.UTC(fromYear, 0, 1) + ((run / 1000 + offset * step) % 9000) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll('-', '');
}

/** Mobiles of this run: `prefix`, five digits of the run, then `n` in three digits. */
export function runMobiles(run: number, prefix: string): (n: number) => string {
  return (n) => `${prefix}${String(run % 100_000).padStart(5, '0')}${String(n).padStart(3, '0')}`;
}
