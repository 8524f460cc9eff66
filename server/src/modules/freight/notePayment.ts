import { REVIEW_STATE, SHIPPING_STATUS } from '@freight/contracts';
import { and, asc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { CARD_MSG } from './cards.ts';
import { hyCaptain, hyCollectionAgreement, hyDriver, hyDriverBank, hyVehicle } from './partySchema.ts';
import { hyAgent } from './schema.ts';
import { chinaToday } from './shippingMoney.ts';
import { hyShippingNote, hyShippingNoteHistory } from './shippingSchema.ts';

// What the money side needs of a waybill, in bulk (a batch pays up to 1 000 notes in one transaction): the
// notes locked in one statement, their payees' cards and certificates checked, and their pay status and
// lifecycle moved with a history row each — the same rules the single steps in noteTransitions.ts follow.

export type NoteRow = typeof hyShippingNote.$inferSelect;

const CHUNK = 500;
function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}

/**
 * The notes of a tenant (and of one customer, for customer users) locked FOR UPDATE in id order, so two
 * transactions locking overlapping sets never wait on each other in a cycle.
 */
export async function lockNotes(
  tx: DbOrTx,
  tenantId: number,
  ids: string[],
  customerId?: string | null,
): Promise<NoteRow[]> {
  if (ids.length === 0) return [];
  const out: NoteRow[] = [];
  for (const part of chunks([...ids].sort())) {
    const conditions = [inArray(hyShippingNote.id, part), eq(hyShippingNote.tenantId, tenantId)];
    if (customerId !== undefined) conditions.push(eq(hyShippingNote.customerId, customerId ?? ''));
    out.push(
      ...(await tx
        .select()
        .from(hyShippingNote)
        .where(and(...conditions))
        .orderBy(asc(hyShippingNote.id))
        .for('update')),
    );
  }
  return out;
}

const day = (value: string | null | undefined) => (value ? String(value).slice(0, 10) : null);

/**
 * Why each note may not be paid for its parties' certificates (domain.md: payment is refused while a
 * certificate is invalid): note id → message, for the notes that fail.
 */
export async function certificateRefusals(tx: DbOrTx, notes: NoteRow[]): Promise<Map<string, string>> {
  const refusals = new Map<string, string>();
  if (notes.length === 0) return refusals;
  const driverIds = [...new Set(notes.map((n) => n.driverId))];
  const vehicleIds = [...new Set(notes.map((n) => n.vehicleId))];
  const drivers = new Map<string, typeof hyDriver.$inferSelect>();
  for (const part of chunks(driverIds))
    for (const d of await tx.select().from(hyDriver).where(inArray(hyDriver.id, part))) drivers.set(d.id, d);
  const vehicles = new Map<string, typeof hyVehicle.$inferSelect>();
  for (const part of chunks(vehicleIds))
    for (const v of await tx.select().from(hyVehicle).where(inArray(hyVehicle.id, part)))
      vehicles.set(v.id, v);
  const today = chinaToday();
  for (const note of notes) {
    const driver = drivers.get(note.driverId);
    const vehicle = vehicles.get(note.vehicleId);
    if (!driver) {
      refusals.set(note.id, '司机不存在');
      continue;
    }
    const expired: Array<[string | null, string]> = [
      [day(driver.idCardValidTo), '司机身份证'],
      [day(driver.drivingValidTo), '司机驾驶证'],
      [day(driver.qualificationValidTo), '司机从业资格证'],
      [day(vehicle?.licenseValidTo), '车辆行驶证'],
      [day(vehicle?.roadTransportValidTo), '车辆道路运输证'],
    ];
    const lapsed = expired.find(([validTo]) => validTo && validTo < today);
    if (lapsed) refusals.set(note.id, `${lapsed[1]}已过期，不能付款`);
    else if (driver.blacklisted) refusals.set(note.id, `司机${driver.driverName}已被列入黑名单，不能付款`);
  }
  return refusals;
}

export interface PayeeCard {
  payeeType: 'driver' | 'captain' | 'agent';
  payeeId: string;
  payeeName: string;
  cardNo: string;
  holderName: string;
  holderIdCard: string | null;
  bankCode: string | null;
  bankName: string | null;
}

/** Payee id → card or the refusal message. */
type PayeeCards = Map<string, PayeeCard | string>;

/** Looks the distinct ids up in chunks; an id the lookup leaves unanswered is refused with `missing`. */
async function payeeCards(
  ids: string[],
  missing: string,
  lookup: (part: string[], out: PayeeCards) => Promise<void>,
): Promise<PayeeCards> {
  const out: PayeeCards = new Map();
  for (const part of chunks([...new Set(ids)])) {
    await lookup(part, out);
    for (const id of part) if (!out.has(id)) out.set(id, missing);
  }
  return out;
}

/**
 * The card each driver's freight goes to (domain.md driver bank card): the default card, approved, held by
 * the driver — or by the driver's captain while a collection agreement is in force. driverId → card or the
 * refusal message.
 */
export function driverPayeeCards(tx: DbOrTx, tenantId: number, driverIds: string[]): Promise<PayeeCards> {
  const today = chinaToday();
  return payeeCards(driverIds, '司机不存在', async (part, out) => {
    const rows = await tx
      .select({
        driverId: hyDriver.id,
        driverName: hyDriver.driverName,
        idCard: hyDriver.idCard,
        captainId: hyDriver.captainId,
        cardNo: hyDriverBank.cardNo,
        holderName: hyDriverBank.holderName,
        holderIdCard: hyDriverBank.holderIdCard,
        bankCode: hyDriverBank.bankCode,
        bankName: hyDriverBank.bankName,
        state: hyDriverBank.state,
      })
      .from(hyDriver)
      .leftJoin(hyDriverBank, and(eq(hyDriverBank.driverId, hyDriver.id), eq(hyDriverBank.isDefault, true)))
      .where(and(inArray(hyDriver.id, part), eq(hyDriver.tenantId, tenantId)));
    const agreements = await tx
      .select({
        driverId: hyCollectionAgreement.driverId,
        captainId: hyCaptain.id,
        captainName: hyCaptain.captainName,
        captainIdCard: hyCaptain.idCard,
      })
      .from(hyCollectionAgreement)
      .innerJoin(hyCaptain, eq(hyCaptain.id, hyCollectionAgreement.captainId))
      .innerJoin(
        hyDriver,
        and(eq(hyDriver.id, hyCollectionAgreement.driverId), eq(hyDriver.captainId, hyCaptain.id)),
      )
      .where(
        and(
          inArray(hyCollectionAgreement.driverId, part),
          or(isNull(hyCollectionAgreement.validFrom), lte(hyCollectionAgreement.validFrom, today)),
          or(isNull(hyCollectionAgreement.validTo), gte(hyCollectionAgreement.validTo, today)),
        ),
      );
    for (const row of rows) {
      if (!row.cardNo || !row.holderName) {
        out.set(row.driverId, `司机${row.driverName}未绑定默认银行卡`);
        continue;
      }
      if (row.state !== REVIEW_STATE.approved) {
        out.set(row.driverId, `司机${row.driverName}的默认银行卡未审核通过`);
        continue;
      }
      const card = {
        cardNo: row.cardNo,
        holderName: row.holderName,
        holderIdCard: row.holderIdCard,
        bankCode: row.bankCode,
        bankName: row.bankName,
      };
      if (row.holderIdCard === row.idCard) {
        out.set(
          row.driverId,
          row.holderName === row.driverName
            ? { payeeType: 'driver', payeeId: row.driverId, payeeName: row.driverName, ...card }
            : CARD_MSG.holderName,
        );
        continue;
      }
      const agreement = agreements.find(
        (a) => a.driverId === row.driverId && a.captainIdCard === row.holderIdCard,
      );
      if (!agreement) out.set(row.driverId, `司机${row.driverName}：${CARD_MSG.noAgreement}`);
      else if (agreement.captainName !== row.holderName) out.set(row.driverId, CARD_MSG.holderName);
      else
        out.set(row.driverId, {
          payeeType: 'captain',
          payeeId: agreement.captainId,
          payeeName: agreement.captainName,
          ...card,
        });
    }
  });
}

/** The card an agent's fee goes to (the agent's own), or the refusal message. */
export function agentPayeeCards(tx: DbOrTx, tenantId: number, agentIds: string[]): Promise<PayeeCards> {
  return payeeCards(agentIds, '经纪人不存在', async (part, out) => {
    const rows = await tx
      .select()
      .from(hyAgent)
      .where(and(inArray(hyAgent.id, part), eq(hyAgent.tenantId, tenantId)));
    for (const agent of rows) {
      if (!agent.cardNo) out.set(agent.id, `经纪人${agent.agentName}未绑定收款银行卡`);
      else if (agent.state !== REVIEW_STATE.approved) out.set(agent.id, `经纪人${agent.agentName}未审核通过`);
      else
        out.set(agent.id, {
          payeeType: 'agent',
          payeeId: agent.id,
          payeeName: agent.agentName,
          cardNo: agent.cardNo,
          holderName: agent.agentName,
          holderIdCard: agent.idCard,
          bankCode: agent.bankCode,
          bankName: agent.bankName,
        });
    }
  });
}

export interface PayStatusChange {
  note: NoteRow;
  to: number;
  /** The final payout is paid or advanced: an audited note becomes completed (domain.md). */
  complete?: boolean;
  /** History action: prepay, pay, advance, payFail, charge, … */
  action: string;
  remark?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Moves the pay status (and, on a completed payout, the lifecycle 6 → 7) of locked notes, with a history row
 * per note. Conditional on the pay status the caller read under its lock.
 */
export async function changePayStatus(
  tx: DbOrTx,
  changes: PayStatusChange[],
  operator: string,
): Promise<void> {
  if (changes.length === 0) return;
  const now = new Date();
  const groups = new Map<string, PayStatusChange[]>();
  for (const change of changes) {
    const complete = Boolean(change.complete && change.note.status === SHIPPING_STATUS.audited);
    const key = `${change.note.payStatus}|${change.to}|${complete}`;
    const list = groups.get(key) ?? [];
    list.push({ ...change, complete });
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    const { to, complete } = list[0];
    const from = list[0].note.payStatus;
    for (const part of chunks(list)) {
      await tx
        .update(hyShippingNote)
        .set({
          payStatus: to,
          ...(complete
            ? {
                status: sql`case when ${hyShippingNote.status} = ${SHIPPING_STATUS.audited} then ${SHIPPING_STATUS.completed} else ${hyShippingNote.status} end`,
                completeTime: now,
              }
            : {}),
          updateBy: operator,
          updateTime: now,
        })
        .where(
          and(
            inArray(
              hyShippingNote.id,
              part.map((c) => c.note.id),
            ),
            eq(hyShippingNote.payStatus, from),
          ),
        );
    }
  }
  const history: Array<typeof hyShippingNoteHistory.$inferInsert> = [];
  for (const change of changes) {
    const completes = Boolean(change.complete && change.note.status === SHIPPING_STATUS.audited);
    history.push({
      noteId: change.note.id,
      action: change.action,
      fromStatus: change.note.status,
      toStatus: change.note.status,
      operator,
      remark: change.remark ?? null,
      data: { payStatus: { from: change.note.payStatus, to: change.to }, ...change.data },
      createTime: now,
    });
    if (completes)
      history.push({
        noteId: change.note.id,
        action: 'complete',
        fromStatus: SHIPPING_STATUS.audited,
        toStatus: SHIPPING_STATUS.completed,
        operator,
        remark: null,
        data: null,
        createTime: now,
      });
  }
  for (const part of chunks(history)) await tx.insert(hyShippingNoteHistory).values(part);
}

/** History rows of money events that leave the statuses as they are (an adjustment, a claim). */
export async function addNoteHistory(
  tx: DbOrTx,
  entries: Array<{ note: NoteRow; action: string; remark?: string | null; data?: Record<string, unknown> }>,
  operator: string,
): Promise<void> {
  if (entries.length === 0) return;
  await tx.insert(hyShippingNoteHistory).values(
    entries.map((e) => ({
      noteId: e.note.id,
      action: e.action,
      fromStatus: e.note.status,
      toStatus: e.note.status,
      operator,
      remark: e.remark ?? null,
      data: e.data ?? null,
    })),
  );
}
