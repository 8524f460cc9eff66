import type { DbOrTx } from '../../platform/db/client.ts';
import { perDatabase } from '../../platform/db/perDatabase.ts';
import type { hyDriver, hyVehicle } from './partySchema.ts';
import type { hyOrder, hyShippingNote } from './shippingSchema.ts';

// Business events other modules act on inside the same transaction (e.g. the regulator outbox writes its
// report message with the approval that makes it due). Listeners are kept per database handle, so test apps
// in one process never hear each other.

export type FreightEvent =
  | { kind: 'partyApproved'; entity: string; id: string; tenantId: number }
  | { kind: 'partyChanged'; entity: string; id: string; tenantId: number }
  | { kind: 'noteAudited'; note: typeof hyShippingNote.$inferSelect }
  /**
   * A waybill step (dispatch, accept, load, depart, unload, sign, audit, ...), after its row and history are
   * written and before the commit: a listener that throws refuses the step (risk rules that block).
   */
  | {
      kind: 'noteStep';
      action: string;
      note: typeof hyShippingNote.$inferSelect;
      before: typeof hyShippingNote.$inferSelect | null;
      operator: string;
      /** The rows the step already read in its transaction (dispatch), for listeners to reuse. */
      read?: {
        order: typeof hyOrder.$inferSelect;
        driver: typeof hyDriver.$inferSelect;
        vehicle: typeof hyVehicle.$inferSelect;
      };
    };

export type FreightListener = (tx: DbOrTx, event: FreightEvent) => Promise<void>;

const listeners = perDatabase<FreightListener[]>(() => []);

export function onFreightEvent(db: object, listener: FreightListener): void {
  listeners(db).push(listener);
}

/** Runs every listener inside the caller's transaction: a listener's failure rolls the event back. */
export async function emitFreightEvent(db: object, tx: DbOrTx, event: FreightEvent): Promise<void> {
  for (const listener of listeners(db)) await listener(tx, event);
}

/** A new order's values before the insert: a listener fills in what it owns (a loss rule's settings) in place. */
export type OrderCreatingListener = (
  tx: DbOrTx,
  order: Record<string, unknown>,
  tenantId: number,
) => Promise<void>;

const orderListeners = perDatabase<OrderCreatingListener[]>(() => []);

export function onOrderCreating(db: object, listener: OrderCreatingListener): void {
  orderListeners(db).push(listener);
}

export async function emitOrderCreating(
  db: object,
  tx: DbOrTx,
  order: Record<string, unknown>,
  tenantId: number,
): Promise<void> {
  for (const listener of orderListeners(db)) await listener(tx, order, tenantId);
}

/**
 * A pending record about to be approved (outside the review's transaction: a guard may ask an outside party).
 * A guard throws to refuse; it may return a line for the review log (e.g. an override and its reason).
 */
export interface ApprovalRequest {
  entity: string;
  id: string;
  tenantId: number;
  operator: string;
  userId: string;
  override?: boolean;
  overrideReason?: string;
}

export type ApprovalGuard = (request: ApprovalRequest) => Promise<string | undefined>;

const approvalGuards = perDatabase<ApprovalGuard[]>(() => []);

export function onApproving(db: object, guard: ApprovalGuard): void {
  approvalGuards(db).push(guard);
}

/** Runs every guard; the notes they return go to the review log with the approval. */
export async function guardApproval(db: object, request: ApprovalRequest): Promise<string[]> {
  const notes: string[] = [];
  for (const guard of approvalGuards(db)) {
    const note = await guard(request);
    if (note) notes.push(note);
  }
  return notes;
}
