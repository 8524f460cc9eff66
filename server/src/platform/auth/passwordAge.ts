const DAY_MS = 24 * 3_600_000;

export type PasswordChangeReason = 'initial' | 'expired';

/**
 * Why the password must be changed before the account may do anything else: 'initial' when its owner never
 * set it (made or reset by an administrator), 'expired' past the maximum age (0: no maximum); null when not.
 */
export function passwordChangeDue(
  changedAt: Date | null,
  maxAgeDays: number,
  now = Date.now(),
): PasswordChangeReason | null {
  if (!changedAt) return 'initial';
  if (maxAgeDays > 0 && now - changedAt.getTime() > maxAgeDays * DAY_MS) return 'expired';
  return null;
}
