import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { hyShippingNote } from './shippingSchema.ts';

/**
 * The note's regulator columns (report_status dictionary: 1 due, 2 sending, 3 accepted, 4 failed), moved by
 * the regulator outbox as its messages move: `waybill` is the electronic waybill, `fund` the fund flow.
 */
export async function setNoteReportStatus(
  tx: DbOrTx,
  noteIds: readonly string[],
  which: 'waybill' | 'fund',
  status: number,
): Promise<void> {
  if (noteIds.length === 0) return;
  await tx
    .update(hyShippingNote)
    .set(which === 'waybill' ? { reportStatus: status } : { fundReportStatus: status })
    .where(inArray(hyShippingNote.id, [...noteIds]));
}
