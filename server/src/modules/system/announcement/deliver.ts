import { count, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { sysAnnouncement, sysAnnouncementSend } from '../schema.ts';
import { plainTitle } from './sanitize.ts';

// Announcements sent by other modules (APP消息): published at once to a list of users, with a delivery row for
// each, so the bell shows them and the sender can count deliveries and reads.

export interface DirectAnnouncement {
  tenantId: number;
  title: string;
  /** Plain text; shown as paragraphs. */
  content: string;
  userIds: string[];
  sender: string;
  busType: string;
  busId: string;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Publishes the announcement to the users (deliveries written in the caller's transaction); answers its id. */
export async function publishToUsers(
  tx: DbOrTx,
  input: DirectAnnouncement,
): Promise<{ id: string; delivered: number }> {
  const userIds = [...new Set(input.userIds)];
  const html = input.content
    .split(/\n+/)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
  const [annt] = await tx
    .insert(sysAnnouncement)
    .values({
      tenantId: input.tenantId,
      titile: plainTitle(input.title),
      msgContent: html,
      msgAbstract: plainTitle(input.content.slice(0, 200)),
      sender: input.sender,
      msgCategory: '1',
      msgType: 'USER',
      userIds: userIds.length ? `${userIds.join(',')},` : null,
      sendStatus: '1',
      sendTime: new Date(),
      busType: input.busType,
      busId: input.busId,
      createBy: input.sender,
    })
    .returning({ id: sysAnnouncement.id });
  for (let i = 0; i < userIds.length; i += 500) {
    await tx
      .insert(sysAnnouncementSend)
      .values(userIds.slice(i, i + 500).map((userId) => ({ anntId: annt.id, userId })))
      .onConflictDoNothing();
  }
  return { id: annt.id, delivered: userIds.length };
}

/** Delivered and read deliveries of announcements. */
export async function deliveryCounts(
  db: DbOrTx,
  anntIds: string[],
): Promise<Map<string, { delivered: number; read: number }>> {
  const out = new Map<string, { delivered: number; read: number }>();
  if (anntIds.length === 0) return out;
  const rows = await db
    .select({ anntId: sysAnnouncementSend.anntId, readFlag: sysAnnouncementSend.readFlag, n: count() })
    .from(sysAnnouncementSend)
    .where(inArray(sysAnnouncementSend.anntId, anntIds))
    .groupBy(sysAnnouncementSend.anntId, sysAnnouncementSend.readFlag);
  for (const row of rows) {
    const entry = out.get(row.anntId) ?? { delivered: 0, read: 0 };
    entry.delivered += Number(row.n);
    if (row.readFlag === '1') entry.read += Number(row.n);
    out.set(row.anntId, entry);
  }
  return out;
}

/** Told which announcements a user has just read (a module keeping read counts refreshes them). */
export type AnnouncementReadListener = (db: DbOrTx, anntIds: string[]) => Promise<void>;

const readListeners = new WeakMap<object, AnnouncementReadListener[]>();

export function onAnnouncementRead(db: object, listener: AnnouncementReadListener): void {
  const list = readListeners.get(db) ?? [];
  list.push(listener);
  readListeners.set(db, list);
}

export async function announcementsRead(db: DbOrTx, anntIds: string[]): Promise<void> {
  if (anntIds.length === 0) return;
  for (const listener of readListeners.get(db) ?? []) await listener(db, anntIds);
}
