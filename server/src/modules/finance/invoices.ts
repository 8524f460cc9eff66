import {
  canInvoice,
  DEFAULT_INVOICE_TAX_RATE_BP,
  INVOICE_STATE,
  INVOICE_TRANSITIONS,
  type InvoiceAction,
  NOTE_INVOICE_STATUS,
  PAY_STATUS,
  SHIPPING_STATUS,
  splitTax,
  USER_TYPE,
} from '@freight/contracts';
import { and, asc, eq, gte, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { childRows } from '../../platform/db/childRows.ts';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { lockTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { hyConfig } from '../apps/index.ts';
import { findCustomer, hyShippingNote, lockNotes, type NoteRow } from '../freight/index.ts';
import { type FinActor, type Finance, isCustomerUser } from './context.ts';
import {
  type EInvoiceAdapter,
  type EInvoiceRequest,
  type EInvoiceResult,
  EInvoiceTimeout,
} from './einvoice/adapter.ts';
import { finInvoice, finInvoiceHistory, finInvoiceNote } from './invoiceSchema.ts';
import { finBill, finBillNote, finNoteSettlement } from './schema.ts';
import { moneyTxChanging, once } from './tx.ts';

// Invoices (domain.md Invoice): a shipper applies over its audited, paid, risk-free, not yet invoiced
// waybills (or a bill of them); the platform issues through the e-invoice adapter, delivers, rejects or
// reverses (红字). Every move checks the state inside its transaction and writes the history; the waybills'
// own invoice column follows (1 applied, 2 invoiced, back to 0 on rejection or red letter).

export type InvoiceRow = typeof finInvoice.$inferSelect;
export type InvoiceLineRow = typeof finInvoiceNote.$inferSelect;

const isPartyUser = (actor: FinActor) =>
  isCustomerUser(actor) || actor.userType === USER_TYPE.agent || actor.userType === USER_TYPE.captain;

const applyNo = () => {
  const d = new Date(Date.now() + 8 * 3600_000);
  return `FP${d.toISOString().slice(0, 10).replaceAll('-', '')}${newId().slice(0, 10).toUpperCase()}`;
};

/** 项目名称 of a freight line (税收分类编码 3010102020100000000 国内道路货物运输服务). */
export const FREIGHT_ITEM = '*运输服务*国内道路货物运输服务';

const SELLER_DEFAULTS = { title: '南京智运通供应链科技有限公司', taxNo: '91320105MA27XY2026' };

async function configOf(db: DbOrTx, tenantId: number, keys: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(hyConfig)
    .where(and(inArray(hyConfig.tenantId, [0, tenantId]), inArray(hyConfig.configKey, keys)));
  // The tenant's own value wins over the platform's.
  rows.sort((a, b) => a.tenantId - b.tenantId);
  return new Map(rows.map((r) => [r.configKey, r.configValue]));
}

/** The configured VAT rate of transport services (basis points), 9 % when not configured. */
export async function invoiceTaxRateBp(db: DbOrTx, tenantId: number): Promise<number> {
  const value = Number((await configOf(db, tenantId, ['invoice_tax_rate_bp'])).get('invoice_tax_rate_bp'));
  return Number.isInteger(value) && value >= 0 && value < 10_000 ? value : DEFAULT_INVOICE_TAX_RATE_BP;
}

async function sellerOf(db: DbOrTx, tenantId: number) {
  const cfg = await configOf(db, tenantId, ['invoice_seller_title', 'invoice_seller_tax_no']);
  return {
    title: cfg.get('invoice_seller_title') || SELLER_DEFAULTS.title,
    taxNo: cfg.get('invoice_seller_tax_no') || SELLER_DEFAULTS.taxNo,
  };
}

const place = (...parts: Array<string | null | undefined>) => {
  const out: string[] = [];
  for (const p of parts) if (p && !out.includes(p)) out.push(p);
  return out.join('');
};

/** Why a note may not be invoiced (null: it qualifies). */
function refusal(note: NoteRow, charged: boolean): string | null {
  if (note.status !== SHIPPING_STATUS.audited && note.status !== SHIPPING_STATUS.completed) return '未审核';
  if (note.riskStatus !== 0) return '存在风控异常';
  if (note.invoiceStatus !== NOTE_INVOICE_STATUS.none) return '已申请或已开票';
  const paid = charged || note.payStatus === PAY_STATUS.paid || note.payStatus === PAY_STATUS.advanced;
  if (!paid) return '货主未付款';
  if (note.customerFee <= 0) return '运费为0';
  return null;
}

/** The condition of an invoiceable note, for the candidates list (the same rules as `refusal`). */
function invoiceableWhere(tenantId: number, customerId: string): SQL | undefined {
  return ofTenant(
    hyShippingNote,
    tenantId,
    eq(hyShippingNote.customerId, customerId),
    inArray(hyShippingNote.status, [SHIPPING_STATUS.audited, SHIPPING_STATUS.completed]),
    eq(hyShippingNote.riskStatus, 0),
    eq(hyShippingNote.invoiceStatus, NOTE_INVOICE_STATUS.none),
    sql`${hyShippingNote.customerFee} > 0`,
    or(
      inArray(hyShippingNote.payStatus, [PAY_STATUS.paid, PAY_STATUS.advanced]),
      sql`exists (select 1 from ${finNoteSettlement} where ${finNoteSettlement.noteId} = ${hyShippingNote.id} and ${finNoteSettlement.chargeTime} is not null)`,
    ),
  );
}

/** The customer an actor applies for: a shipper's user only for its own. */
function customerOfActor(actor: FinActor, customerId: string | undefined): string | undefined {
  if (isCustomerUser(actor)) {
    if (customerId && customerId !== actor.cid) throw recordNotFound();
    return actor.cid ?? undefined;
  }
  if (isPartyUser(actor)) throw recordNotFound();
  return customerId;
}

/** The waybills a customer may invoice now (the apply dialog's list), oldest audit first. */
export async function invoiceCandidates(fin: Finance, actor: FinActor, customerId: string | undefined) {
  const customer = customerOfActor(actor, customerId);
  if (!customer) throw bizError('请选择货主');
  return fin.db
    .select({
      id: hyShippingNote.id,
      shippingNoteNumber: hyShippingNote.shippingNoteNumber,
      customerId: hyShippingNote.customerId,
      customerName: hyShippingNote.customerName,
      plateNo: hyShippingNote.plateNo,
      goodsName: hyShippingNote.goodsName,
      loadCity: hyShippingNote.loadCity,
      unloadCity: hyShippingNote.unloadCity,
      auditTime: hyShippingNote.auditTime,
      customerFee: hyShippingNote.customerFee,
    })
    .from(hyShippingNote)
    .where(invoiceableWhere(actor.tenantId, customer))
    .orderBy(asc(hyShippingNote.auditTime), asc(hyShippingNote.id))
    .limit(1000);
}

async function history(
  tx: Tx,
  invoice: InvoiceRow,
  action: string,
  toState: number,
  operator: string,
  detail?: string | null,
) {
  await tx.insert(finInvoiceHistory).values({
    tenantId: invoice.tenantId,
    invoiceId: invoice.id,
    action,
    fromState: invoice.state,
    toState,
    operator,
    detail: detail ? detail.slice(0, 255) : null,
  });
}

async function setNotesStatus(tx: Tx, invoiceId: string, status: number, free: boolean) {
  const lines = tx
    .select({ noteId: finInvoiceNote.noteId })
    .from(finInvoiceNote)
    .where(and(eq(finInvoiceNote.invoiceId, invoiceId), eq(finInvoiceNote.active, true)));
  await tx.update(hyShippingNote).set({ invoiceStatus: status }).where(inArray(hyShippingNote.id, lines));
  if (free)
    await tx.update(finInvoiceNote).set({ active: false }).where(eq(finInvoiceNote.invoiceId, invoiceId));
}

export interface ApplyInput {
  noteIds?: string[] | undefined;
  billId?: string | undefined;
  kind: number;
  draft?: boolean | undefined;
  remark?: string | undefined;
  idempotencyKey?: string | undefined;
}

/**
 * A new invoice over the waybills (or the bill's): all of one customer, each qualifying, none on another live
 * invoice. The notes are locked first, so of two applications over one waybill the second finds it applied.
 */
export async function applyInvoice(fin: Finance, actor: FinActor, input: ApplyInput): Promise<InvoiceRow> {
  const ownCustomer = customerOfActor(actor, undefined);
  const work = async (tx: Tx): Promise<InvoiceRow> => {
    let ids = input.noteIds ?? [];
    let billId: string | null = null;
    if (input.billId) {
      const [bill] = await tx
        .select()
        .from(finBill)
        .where(and(eq(finBill.id, input.billId), eq(finBill.tenantId, actor.tenantId)));
      if (!bill || (ownCustomer && bill.customerId !== ownCustomer)) throw recordNotFound();
      billId = bill.id;
      ids = (
        await tx
          .select({ noteId: finBillNote.noteId })
          .from(finBillNote)
          .where(eq(finBillNote.billId, bill.id))
      ).map((r) => r.noteId);
      if (ids.length === 0) throw bizError('该账单没有运单');
    }
    const notes = await lockNotes(tx, actor.tenantId, ids, ownCustomer);
    // Another party's waybill answers like a missing one.
    if (notes.length !== ids.length) throw recordNotFound();
    const customerIds = new Set(notes.map((n) => n.customerId));
    if (customerIds.size !== 1) throw bizError('一张发票只能开给一个货主，请选择同一货主的运单');
    const customerId = notes[0]?.customerId ?? '';
    const charged = new Set(
      (
        await tx
          .select({ noteId: finNoteSettlement.noteId })
          .from(finNoteSettlement)
          .where(and(inArray(finNoteSettlement.noteId, ids), isNotNull(finNoteSettlement.chargeTime)))
      ).map((r) => r.noteId),
    );
    const refused = notes
      .map((n) => ({ n, why: refusal(n, charged.has(n.id)) }))
      .filter((r) => r.why !== null)
      .map((r) => `${r.n.shippingNoteNumber}${r.why}`);
    if (refused.length > 0)
      throw bizError(
        `以下运单不能开票：${refused.slice(0, 10).join('；')}${refused.length > 10 ? `等${refused.length}个` : ''}`,
      );
    const customer = await findCustomer(tx, actor.tenantId, customerId);
    if (!customer) throw recordNotFound();
    if (input.kind === 1 && !customer.invoiceTaxNo)
      throw bizError('货主未维护纳税人识别号，不能开具增值税专用发票');
    const rateBp = await invoiceTaxRateBp(tx, actor.tenantId);
    const seller = await sellerOf(tx, actor.tenantId);
    const sorted = [...notes].sort((a, b) => a.shippingNoteNumber.localeCompare(b.shippingNoteNumber));
    const split = splitTax(
      sorted.map((n) => n.customerFee),
      rateBp,
    );
    const state = input.draft ? INVOICE_STATE.draft : INVOICE_STATE.applied;
    const [invoice] = await tx
      .insert(finInvoice)
      .values({
        tenantId: actor.tenantId,
        applyNo: applyNo(),
        customerId,
        customerName: customer.customerName,
        kind: input.kind,
        state,
        buyerTitle: customer.invoiceTitle || customer.customerName,
        buyerTaxNo: customer.invoiceTaxNo,
        buyerAddress: customer.invoiceAddress,
        buyerPhone: customer.invoicePhone,
        buyerBank: customer.invoiceBank,
        buyerAccount: customer.invoiceAccount,
        sellerTitle: seller.title,
        sellerTaxNo: seller.taxNo,
        taxRateBp: rateBp,
        noteCount: notes.length,
        amountFen: split.amountFen,
        netFen: split.netFen,
        taxFen: split.taxFen,
        billId,
        remark: input.remark ?? null,
        createBy: actor.username,
      })
      .returning();
    if (!invoice) throw new Error('invoice not stored');
    for (let i = 0; i < sorted.length; i += 500) {
      await tx.insert(finInvoiceNote).values(
        sorted.slice(i, i + 500).map((n, j) => {
          const line = split.lines[i + j] ?? { amountFen: 0, netFen: 0, taxFen: 0 };
          return {
            invoiceId: invoice.id,
            noteId: n.id,
            tenantId: actor.tenantId,
            customerId,
            shippingNoteNumber: n.shippingNoteNumber,
            loadPlace: place(n.loadProvince, n.loadCity, n.loadDistrict).slice(0, 100),
            unloadPlace: place(n.unloadProvince, n.unloadCity, n.unloadDistrict).slice(0, 100),
            vehicle: `货车 ${n.plateNo ?? ''}`.trim(),
            goodsName: n.goodsName,
            ...line,
          };
        }),
      );
    }
    await tx
      .update(hyShippingNote)
      .set({ invoiceStatus: NOTE_INVOICE_STATUS.applied })
      .where(inArray(hyShippingNote.id, ids));
    await tx.insert(finInvoiceHistory).values({
      tenantId: actor.tenantId,
      invoiceId: invoice.id,
      action: 'apply',
      fromState: null,
      toState: state,
      operator: actor.username,
      detail: `${notes.length}个运单`,
    });
    return invoice;
  };
  return moneyTxChanging(fin, ['fin_invoice', 'hy_shipping_note'], async (tx) => {
    if (!input.idempotencyKey) return work(tx);
    const { idempotencyKey, ...request } = input;
    const answer = await once(
      tx,
      {
        tenantId: actor.tenantId,
        key: `INV-${idempotencyKey}`,
        operation: 'invoice.apply',
        request,
        operator: actor.username,
      },
      async () => (await work(tx)).id,
    );
    const [row] = await tx.select().from(finInvoice).where(eq(finInvoice.id, answer.value));
    if (!row) throw recordNotFound();
    return row;
  });
}

/** The invoice locked for a move, inside the actor's scope (another party's answers like a missing one). */
async function lockInvoice(tx: Tx, actor: FinActor, id: string): Promise<InvoiceRow> {
  const row = await lockTenantRow(tx, finInvoice, actor.tenantId, eq(finInvoice.id, id));
  if (isPartyUser(actor) && !(isCustomerUser(actor) && row.customerId === actor.cid)) throw recordNotFound();
  return row;
}

/** An invoice in the actor's scope. */
export async function invoiceOf(db: DbOrTx, actor: FinActor, id: string): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(finInvoice)
    .where(and(eq(finInvoice.id, id), eq(finInvoice.tenantId, actor.tenantId)));
  if (!row) throw recordNotFound();
  if (isPartyUser(actor) && !(isCustomerUser(actor) && row.customerId === actor.cid)) throw recordNotFound();
  return row;
}

export async function invoiceLines(db: DbOrTx, invoiceId: string): Promise<InvoiceLineRow[]> {
  return childRows(
    db,
    finInvoiceNote,
    finInvoiceNote.invoiceId,
    invoiceId,
    finInvoiceNote.shippingNoteNumber,
  );
}

function refuseMove(action: InvoiceAction, invoice: InvoiceRow): never {
  const names = ['待申请', '已申请', '开票中', '已开票', '已交付', '已驳回', '已红冲'];
  throw bizError(
    `发票${invoice.applyNo}当前状态为${names[invoice.state] ?? invoice.state}，不能${INVOICE_TRANSITIONS[action].label}`,
  );
}

const platformOnly = (actor: FinActor, what: string) => {
  if (isPartyUser(actor)) throw bizError(`${what}由平台办理`);
};

/** Submits a saved application (0 → 1). */
export async function submitInvoice(fin: Finance, actor: FinActor, id: string): Promise<InvoiceRow> {
  return moveInvoice(fin, actor, id, 'submit', async () => ({}));
}

async function moveInvoice(
  fin: Finance,
  actor: FinActor,
  id: string,
  action: InvoiceAction,
  change: (tx: Tx, invoice: InvoiceRow) => Promise<Partial<InvoiceRow>>,
  detail?: string,
): Promise<InvoiceRow> {
  return moneyTxChanging(fin, ['fin_invoice', 'hy_shipping_note'], async (tx) => {
    const invoice = await lockInvoice(tx, actor, id);
    if (!canInvoice(action, invoice.state)) refuseMove(action, invoice);
    const to = INVOICE_TRANSITIONS[action].to;
    const set = await change(tx, invoice);
    const [updated] = await tx
      .update(finInvoice)
      .set({ ...set, state: to, updateBy: actor.username, updateTime: new Date() })
      .where(eq(finInvoice.id, invoice.id))
      .returning();
    await history(tx, invoice, action, to, actor.username, detail);
    if (!updated) throw recordNotFound();
    return updated;
  });
}

/** A move's change that frees the invoice's waybills again, then sets `fields`. */
const freeingNotes = (fields: () => Partial<InvoiceRow>) => async (tx: Tx, invoice: InvoiceRow) => {
  await setNotesStatus(tx, invoice.id, NOTE_INVOICE_STATUS.none, true);
  return fields();
};

/** Rejects an application (0/1 → 5) with its reason; its waybills are free again. */
export async function rejectInvoice(fin: Finance, actor: FinActor, id: string, reason: string) {
  platformOnly(actor, '驳回');
  return moveInvoice(
    fin,
    actor,
    id,
    'reject',
    freeingNotes(() => ({ rejectReason: reason })),
    reason,
  );
}

/** Records the e-mail or phone the issued invoice was delivered to (3/4 → 4). */
export async function deliverInvoice(fin: Finance, actor: FinActor, id: string, to: string) {
  platformOnly(actor, '交付');
  return moveInvoice(fin, actor, id, 'deliver', async () => ({ deliverTo: to, deliverTime: new Date() }), to);
}

/** Reverses an issued invoice in full through a 红字确认单 (3/4 → 6); its waybills are free again. */
export async function redLetterInvoice(
  fin: Finance,
  adapter: EInvoiceAdapter,
  actor: FinActor,
  id: string,
  reason: string,
) {
  platformOnly(actor, '红冲');
  const current = await invoiceOf(fin.db, actor, id);
  if (!canInvoice('redLetter', current.state) || !current.invoiceNo) refuseMove('redLetter', current);
  const answer = await adapter.redLetter({
    invoiceNo: current.invoiceNo,
    requestNo: `${current.applyNo}-R`,
    reason,
    amountFen: current.amountFen,
  });
  if (answer.status === 'failed') throw bizError(`红字确认单开具失败：${answer.code} ${answer.message}`);
  return moveInvoice(
    fin,
    actor,
    id,
    'redLetter',
    freeingNotes(() => ({ redLetterNo: answer.confirmNo, redReason: reason, redTime: new Date() })),
    `${answer.confirmNo} ${reason}`,
  );
}

async function requestOf(db: DbOrTx, invoice: InvoiceRow, requestNo: string): Promise<EInvoiceRequest> {
  const lines = await invoiceLines(db, invoice.id);
  return {
    requestNo,
    kind: invoice.kind,
    buyer: { title: invoice.buyerTitle ?? '', taxNo: invoice.buyerTaxNo ?? '' },
    seller: { title: invoice.sellerTitle ?? '', taxNo: invoice.sellerTaxNo ?? '' },
    amountFen: invoice.amountFen,
    netFen: invoice.netFen,
    taxFen: invoice.taxFen,
    lines: lines.map((l) => ({
      itemName: FREIGHT_ITEM,
      amountFen: l.amountFen,
      netFen: l.netFen,
      taxFen: l.taxFen,
      taxRateBp: invoice.taxRateBp,
      loadPlace: l.loadPlace ?? '',
      unloadPlace: l.unloadPlace ?? '',
      vehicle: l.vehicle ?? '',
      goodsName: l.goodsName ?? '',
    })),
  };
}

/**
 * Applies the tax service's answer to an issuing invoice: issued (2 → 3, the waybills invoiced) or failed
 * (2 → 1 with the reason, to be issued again). An answer for another attempt, or a settled invoice, is ignored.
 */
async function settleIssue(
  fin: Finance,
  invoiceId: string,
  requestNo: string,
  result: EInvoiceResult,
  operator: string,
): Promise<InvoiceRow | null> {
  if (result.status !== 'issued' && result.status !== 'failed') return null;
  return moneyTxChanging(fin, ['fin_invoice', 'hy_shipping_note'], async (tx) => {
    const [invoice] = await tx.select().from(finInvoice).where(eq(finInvoice.id, invoiceId)).for('update');
    if (!invoice || invoice.state !== INVOICE_STATE.issuing || invoice.issueRequestNo !== requestNo)
      return null;
    if (result.status === 'issued') {
      await setNotesStatus(tx, invoice.id, NOTE_INVOICE_STATUS.invoiced, false);
      await history(tx, invoice, 'issued', INVOICE_STATE.issued, operator, result.invoiceNo);
      const [updated] = await tx
        .update(finInvoice)
        .set({
          state: INVOICE_STATE.issued,
          invoiceNo: result.invoiceNo,
          issueTime: result.issuedAt,
          failReason: null,
          updateTime: new Date(),
        })
        .where(eq(finInvoice.id, invoice.id))
        .returning();
      return updated ?? null;
    }
    const reason = `${result.code} ${result.message}`;
    await history(tx, invoice, 'fail', INVOICE_STATE.applied, operator, reason);
    const [updated] = await tx
      .update(finInvoice)
      .set({ state: INVOICE_STATE.applied, failReason: reason, updateTime: new Date() })
      .where(eq(finInvoice.id, invoice.id))
      .returning();
    return updated ?? null;
  });
}

/**
 * Issues an applied invoice (1 → 2) through the tax service, then applies its answer. A timeout leaves it
 * issuing: `resolveIssuing` asks the service what became of the request and never issues it twice.
 */
export async function issueInvoice(
  fin: Finance,
  adapter: EInvoiceAdapter,
  actor: FinActor,
  id: string,
): Promise<{ invoice: InvoiceRow; message: string }> {
  platformOnly(actor, '开票');
  const issuing = await moveInvoice(fin, actor, id, 'issue', async (_tx, invoice) => ({
    issueAttempt: invoice.issueAttempt + 1,
    issueRequestNo: `${invoice.applyNo}-${invoice.issueAttempt + 1}`,
    issueStartTime: new Date(),
  }));
  const requestNo = issuing.issueRequestNo ?? '';
  let result: EInvoiceResult;
  try {
    result = await adapter.issue(await requestOf(fin.db, issuing, requestNo));
  } catch (error) {
    if (!(error instanceof EInvoiceTimeout))
      fin.log.error({ err: error, requestNo }, 'e-invoice issue failed');
    return { invoice: issuing, message: `发票${issuing.applyNo}开票中，税务系统未及时应答，稍后查询结果` };
  }
  const settled =
    (await settleIssue(fin, id, requestNo, result, actor.username)) ?? (await invoiceOf(fin.db, actor, id));
  if (result.status === 'failed')
    return { invoice: settled, message: `发票${settled.applyNo}开具失败：${result.code} ${result.message}` };
  if (result.status === 'issued')
    return { invoice: settled, message: `发票已开具，发票号码${result.invoiceNo}` };
  return { invoice: settled, message: `发票${settled.applyNo}开票中` };
}

/**
 * Resolves issuing invoices by asking the tax service about their request: issued or failed is applied; a
 * request it never received is sent again under the same request no. (deduplicated: issues once); one still
 * processing is left for the next round. `id` resolves one invoice, else those issuing for over `olderThanMs`.
 */
export async function resolveIssuing(
  fin: Finance,
  adapter: EInvoiceAdapter,
  options: { id?: string; actor?: FinActor; olderThanMs?: number } = {},
): Promise<{ checked: number; settled: number }> {
  const conditions: SQL[] = [eq(finInvoice.state, INVOICE_STATE.issuing)];
  if (options.id) {
    if (options.actor) await invoiceOf(fin.db, options.actor, options.id);
    conditions.push(eq(finInvoice.id, options.id));
  } else
    conditions.push(lt(finInvoice.issueStartTime, new Date(Date.now() - (options.olderThanMs ?? 30_000))));
  const rows = await fin.db
    .select()
    .from(finInvoice)
    .where(and(...conditions))
    .limit(500);
  let settled = 0;
  for (const invoice of rows) {
    const requestNo = invoice.issueRequestNo ?? '';
    let result = await adapter.query(requestNo);
    if (result.status === 'unknown') {
      try {
        result = await adapter.issue(await requestOf(fin.db, invoice, requestNo));
      } catch (error) {
        if (!(error instanceof EInvoiceTimeout))
          fin.log.warn({ err: error, requestNo }, 'e-invoice resend failed');
        continue;
      }
    }
    if (await settleIssue(fin, invoice.id, requestNo, result, options.actor?.username ?? 'system'))
      settled += 1;
  }
  return { checked: rows.length, settled };
}

export async function invoiceHistory(db: DbOrTx, actor: FinActor, id: string) {
  await invoiceOf(db, actor, id);
  return childRows(db, finInvoiceHistory, finInvoiceHistory.invoiceId, id, finInvoiceHistory.createTime);
}

/**
 * Invoiced totals per customer over a period of issue (China days): issued and delivered invoices, and the
 * red-lettered ones reversed — the list's footer.
 */
export async function invoiceTotals(
  db: DbOrTx,
  actor: FinActor,
  input: { customerId?: string | undefined; from?: string | undefined; to?: string | undefined },
) {
  const customer = customerOfActor(actor, input.customerId);
  const conditions: SQL[] = [
    eq(finInvoice.tenantId, actor.tenantId),
    inArray(finInvoice.state, [INVOICE_STATE.issued, INVOICE_STATE.delivered, INVOICE_STATE.redLetter]),
  ];
  if (customer) conditions.push(eq(finInvoice.customerId, customer));
  if (input.from) conditions.push(gte(finInvoice.issueTime, new Date(`${input.from}T00:00:00+08:00`)));
  if (input.to)
    conditions.push(
      lt(finInvoice.issueTime, new Date(new Date(`${input.to}T00:00:00+08:00`).getTime() + 86_400_000)),
    );
  const live = sql`${finInvoice.state} <> ${INVOICE_STATE.redLetter}`;
  const rows = await db
    .select({
      customerId: finInvoice.customerId,
      customerName: sql<string>`max(${finInvoice.customerName})`,
      invoices: sql<number>`count(*) filter (where ${live})`.mapWith(Number),
      redLettered: sql<number>`count(*) filter (where not (${live}))`.mapWith(Number),
      amountFen: sql<number>`coalesce(sum(${finInvoice.amountFen}) filter (where ${live}), 0)`.mapWith(
        Number,
      ),
      netFen: sql<number>`coalesce(sum(${finInvoice.netFen}) filter (where ${live}), 0)`.mapWith(Number),
      taxFen: sql<number>`coalesce(sum(${finInvoice.taxFen}) filter (where ${live}), 0)`.mapWith(Number),
    })
    .from(finInvoice)
    .where(and(...conditions))
    .groupBy(finInvoice.customerId)
    .orderBy(finInvoice.customerId);
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((t, r) => t + f(r), 0);
  return {
    customers: rows,
    invoices: sum((r) => r.invoices),
    amountFen: sum((r) => r.amountFen),
    netFen: sum((r) => r.netFen),
    taxFen: sum((r) => r.taxFen),
  };
}
