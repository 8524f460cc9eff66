import { NOTIFY_CATEGORIES, type NotifyCategory } from '@freight/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysUserNotifyMute } from '../schema.ts';

// 个人设置 › 消息通知: the categories a user muted. A muted category is not pushed live to the user and not
// counted or shown in their bell; the messages stay listed under 我的消息 (docs/decisions.md).

const MANDATORY = new Set<string>(NOTIFY_CATEGORIES.filter((c) => c.mandatory).map((c) => c.key));

export const isMandatoryCategory = (category: string): boolean => MANDATORY.has(category);

/** The categories this user muted (never a mandatory one). */
export async function mutedCategoriesOf(db: DbOrTx, userId: string): Promise<Set<NotifyCategory>> {
  const rows = await db
    .select({ category: sysUserNotifyMute.category })
    .from(sysUserNotifyMute)
    .where(eq(sysUserNotifyMute.userId, userId));
  return new Set(
    rows.map((r) => r.category as NotifyCategory).filter((category) => !isMandatoryCategory(category)),
  );
}

/** Which of `userIds` muted `category`; nobody for a mandatory category. */
export async function usersMuting(db: DbOrTx, category: string, userIds: string[]): Promise<Set<string>> {
  if (isMandatoryCategory(category) || userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: sysUserNotifyMute.userId })
    .from(sysUserNotifyMute)
    .where(and(eq(sysUserNotifyMute.category, category), inArray(sysUserNotifyMute.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** Replaces the user's muted categories (the caller refuses mandatory ones). */
export async function saveMutedCategories(
  db: DbOrTx,
  userId: string,
  muted: readonly NotifyCategory[],
): Promise<void> {
  await db.delete(sysUserNotifyMute).where(eq(sysUserNotifyMute.userId, userId));
  const unique = [...new Set(muted)];
  if (unique.length)
    await db.insert(sysUserNotifyMute).values(unique.map((category) => ({ userId, category })));
}
