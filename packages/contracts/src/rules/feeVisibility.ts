import { USER_TYPE } from '../constants.ts';

// Fee visibility: on agent orders (orderMode '3') only system staff and the
// owning agent may see driver fee, agent commission and similar amounts.

/** What a viewer who may not see a fee sees instead. */
export const HIDDEN_FEE = '--';

export interface FeeViewer {
  userType: number;
  /** The customer/agent id bound to the session (`cid`). */
  cid: string | null | undefined;
}

type Id = string | number | null | undefined;

export interface AgentOrderLike {
  orderMode?: string | number | null;
  agentId?: Id;
}

export interface BillLike {
  agentId?: Id;
}

function present(id: Id): id is string | number {
  return id !== null && id !== undefined && id !== '';
}

function sameId(a: Id, b: Id): boolean {
  return present(a) && present(b) && String(a) === String(b);
}

export function isAgentOrder(order: AgentOrderLike): boolean {
  return String(order.orderMode ?? '') === '3';
}

/** Fees of a mode '3' order show only to system users or the agent whose id is the user's cid. */
export function canSeeAgentOrderFees(order: AgentOrderLike, viewer: FeeViewer): boolean {
  if (!isAgentOrder(order)) return true;
  if (viewer.userType === USER_TYPE.system) return true;
  return sameId(order.agentId, viewer.cid);
}

/** A bill's driver fee is hidden from non-system users when its agent is someone else. */
export function canSeeBillDriverFee(bill: BillLike, viewer: FeeViewer): boolean {
  if (viewer.userType === USER_TYPE.system) return true;
  if (!present(bill.agentId)) return true;
  return sameId(bill.agentId, viewer.cid);
}

/** The fee as shown: the value itself, or '--' when the viewer may not see it. */
export function agentOrderFeeText<V>(
  order: AgentOrderLike,
  viewer: FeeViewer,
  value: V,
): V | typeof HIDDEN_FEE {
  return canSeeAgentOrderFees(order, viewer) ? value : HIDDEN_FEE;
}

export function billDriverFeeText<V>(bill: BillLike, viewer: FeeViewer, value: V): V | typeof HIDDEN_FEE {
  return canSeeBillDriverFee(bill, viewer) ? value : HIDDEN_FEE;
}

/** The fee total of an order is agentFee for mode '3', else customerFee. */
export function orderFeeTotal<V>(order: AgentOrderLike & { agentFee?: V; customerFee?: V }): V | undefined {
  return isAgentOrder(order) ? order.agentFee : order.customerFee;
}

export type MaskedFees<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | typeof HIDDEN_FEE };

function mask<T extends object, K extends keyof T>(
  record: T,
  fields: readonly K[],
  visible: boolean,
): MaskedFees<T, K> {
  const copy: T = { ...record };
  if (!visible) {
    const writable = copy as Record<K, unknown>;
    for (const field of fields) writable[field] = HIDDEN_FEE;
  }
  return copy as MaskedFees<T, K>;
}

/** The masking of one kind of record: its `fields` become '--' when `canSee` refuses the viewer. */
function feeMasker<R extends object>(canSee: (record: R, viewer: FeeViewer) => boolean) {
  return <T extends R, K extends keyof T>(
    record: T,
    viewer: FeeViewer,
    fields: readonly K[],
  ): MaskedFees<T, K> => mask(record, fields, canSee(record, viewer));
}

/**
 * A copy of an order with `fields` replaced by '--' when the viewer may not see them, so the server
 * never sends a hidden fee (the console only masking it would leak it in the response).
 */
export const maskOrderFees = feeMasker(canSeeAgentOrderFees);

/** The bill counterpart of maskOrderFees (a bill's driver fee). */
export const maskBillFees = feeMasker(canSeeBillDriverFee);
