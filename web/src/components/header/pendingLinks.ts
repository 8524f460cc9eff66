import type { PendingCounts } from '@freight/contracts';

/** Each pending counter and the list it links to (notification links). */
export const PENDING_LINKS: { key: keyof PendingCounts; path: string }[] = [
  { key: 'sijiCount', path: '/wlhy/hydriver/HyDriverList?state=1' },
  { key: 'cheCount', path: '/wlhy/hyvehicle/HyVehicleList?state=1' },
  { key: 'huozhuCount', path: '/customer/manager?state=1' },
  // Each settlement counter counts its own mode: its link filters the due list by it (equal totals).
  { key: 'yuejieZhangQi', path: '/shipping/list?state=1&settleMode=3' },
  { key: 'pijieZhangQi', path: '/shipping/list?state=1&settleMode=2' },
  { key: 'tangjieZhangQi', path: '/shipping/list?state=1&settleMode=1' },
  { key: 'dianfuZq', path: '/plateform/cost/paylist?state=1' },
];

export const ANNOUNCEMENTS_PATH = '/isps/userAnnouncement';

/** The badge counts the categories with a non-zero count, not the items. */
export function pendingBadgeCount(counts: Partial<PendingCounts> | null | undefined): number {
  if (!counts) return 0;
  return PENDING_LINKS.filter(({ key }) => Number(counts[key] ?? 0) > 0).length;
}
