import {
  INCOME_PAYEE_KIND,
  INCOME_REPORT_STATE,
  INCOME_TAX_IDENTITY,
  quarterBounds,
  WALLET_OWNER,
} from '@freight/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { newId } from '../../platform/db/columns.ts';
import { lockTenantRow, ofTenant } from '../../platform/db/tenantRows.ts';
import { bizError } from '../../platform/http/errors.ts';
import { hyAgent, hyDriver } from '../freight/index.ts';
import { type FinActor, type Finance, tablesChanged } from './context.ts';
import { finLedgerLine, finPosting } from './schema.ts';
import type { IncomeReportAnswer, IncomeReportFiling, TaxAuthorityAdapter } from './taxAuthority/adapter.ts';
import { finIncomeReport, finIncomeReportLine } from './taxSchema.ts';

// Quarterly income reporting of the platform (国务院令第810号《互联网平台企业涉税信息报送规定》): per
// quarter, each driver's and agent's identity and the income the platform actually paid them — the payouts the
// bank confirmed in the quarter, read from the ledger (the payee's payable debited by a `payout` posting) — as one
// report: generated (draft), reviewed by a second person, sent through the tax adapter, accepted or failed with
// the authority's code and message, then resent. A quarter once sent (or accepted) is never generated again.

export type IncomeReportRow = typeof finIncomeReport.$inferSelect;

const STATE_TEXT: Record<number, string> = {
  [INCOME_REPORT_STATE.draft]: '草稿',
  [INCOME_REPORT_STATE.reviewed]: '已复核',
  [INCOME_REPORT_STATE.sent]: '已报送',
  [INCOME_REPORT_STATE.accepted]: '报送成功',
  [INCOME_REPORT_STATE.failed]: '报送失败',
};

/**
 * Each driver's and agent's income of the quarter from the ledger: the sum of the `payout` postings' debits of
 * their payable accounts (cash the bank confirmed paid), with the number of payments.
 */
export async function quarterIncome(db: DbOrTx, tenantId: number, quarter: string) {
  const { from, to } = quarterBounds(quarter);
  const rows = await db
    .select({
      ownerType: finLedgerLine.ownerType,
      ownerId: finLedgerLine.ownerId,
      incomeFen: sql<string>`-sum(${finLedgerLine.amountFen})`,
      paymentCount: sql<number>`count(distinct ${finPosting.id})::int`,
    })
    .from(finLedgerLine)
    .innerJoin(finPosting, eq(finPosting.id, finLedgerLine.postingId))
    .where(
      ofTenant(
        finLedgerLine,
        tenantId,
        eq(finPosting.event, 'payout'),
        inArray(finLedgerLine.ownerType, [WALLET_OWNER.driver, WALLET_OWNER.agent]),
        gte(finLedgerLine.createTime, from),
        lt(finLedgerLine.createTime, to),
      ),
    )
    .groupBy(finLedgerLine.ownerType, finLedgerLine.ownerId)
    .orderBy(asc(finLedgerLine.ownerType), asc(finLedgerLine.ownerId));
  return rows.map((r) => ({ ...r, incomeFen: Number(r.incomeFen) })).filter((r) => r.incomeFen !== 0);
}

const reportNoOf = (quarter: string) => `SR${quarter.replace('-', '')}${newId().slice(0, 10).toUpperCase()}`;

async function lockReport(tx: DbOrTx, tenantId: number, id: string): Promise<IncomeReportRow> {
  return lockTenantRow(tx, finIncomeReport, tenantId, eq(finIncomeReport.id, id));
}

const refuseState = (row: IncomeReportRow, what: string) =>
  bizError(`${row.quarter}收入报告当前为「${STATE_TEXT[row.state] ?? row.state}」，不能${what}`);

/**
 * Generates (or regenerates) the quarter's report from the ledger: a draft with one line per paid driver and
 * agent. A quarter sent or accepted is refused; a draft, reviewed or failed one is replaced (its review undone).
 */
export async function generateIncomeReport(fin: Finance, actor: FinActor, quarter: string) {
  const report = await fin.db.transaction(async (tx) => {
    // The quarter's row, created or locked: two generations of one quarter run one after the other.
    await tx
      .insert(finIncomeReport)
      .values({
        tenantId: actor.tenantId,
        quarter,
        reportNo: reportNoOf(quarter),
        createBy: actor.username,
      })
      .onConflictDoNothing();
    const [current] = await tx
      .select()
      .from(finIncomeReport)
      .where(ofTenant(finIncomeReport, actor.tenantId, eq(finIncomeReport.quarter, quarter)))
      .for('update');
    if (!current) throw new Error('income report not stored');
    if (current.state === INCOME_REPORT_STATE.sent || current.state === INCOME_REPORT_STATE.accepted)
      throw bizError(`${quarter}收入报告已报送（${STATE_TEXT[current.state]}），不能重新生成`);
    const income = await quarterIncome(tx, actor.tenantId, quarter);
    if (income.length === 0) throw bizError(`${quarter}没有已付款的司机或经纪人收入`);
    const ids = (kind: number) => income.filter((r) => r.ownerType === kind).map((r) => r.ownerId);
    const driverIds = ids(INCOME_PAYEE_KIND.driver);
    const agentIds = ids(INCOME_PAYEE_KIND.agent);
    const drivers = new Map(
      (driverIds.length ? await tx.select().from(hyDriver).where(inArray(hyDriver.id, driverIds)) : []).map(
        (d) => [d.id, d],
      ),
    );
    const agents = new Map(
      (agentIds.length ? await tx.select().from(hyAgent).where(inArray(hyAgent.id, agentIds)) : []).map(
        (a) => [a.id, a],
      ),
    );
    await tx.delete(finIncomeReportLine).where(eq(finIncomeReportLine.reportId, current.id));
    const lines = income.map((r) => {
      const driver = r.ownerType === INCOME_PAYEE_KIND.driver ? drivers.get(r.ownerId) : undefined;
      const agent = r.ownerType === INCOME_PAYEE_KIND.agent ? agents.get(r.ownerId) : undefined;
      return {
        tenantId: actor.tenantId,
        reportId: current.id,
        quarter,
        payeeKind: r.ownerType,
        payeeId: r.ownerId,
        payeeName: driver?.driverName ?? agent?.agentName ?? null,
        idCard: driver?.idCard ?? agent?.idCard ?? null,
        mobile: driver?.mobile ?? agent?.mobile ?? null,
        taxIdentity: driver?.taxEntrusted ? INCOME_TAX_IDENTITY.entrusted : INCOME_TAX_IDENTITY.person,
        paymentCount: r.paymentCount,
        incomeFen: r.incomeFen,
        createBy: actor.username,
      };
    });
    for (let i = 0; i < lines.length; i += 400)
      await tx.insert(finIncomeReportLine).values(lines.slice(i, i + 400));
    const [stored] = await tx
      .update(finIncomeReport)
      .set({
        state: INCOME_REPORT_STATE.draft,
        driverCount: driverIds.length,
        agentCount: agentIds.length,
        paymentCount: lines.reduce((t, l) => t + l.paymentCount, 0),
        incomeFen: lines.reduce((t, l) => t + l.incomeFen, 0),
        generatedBy: actor.username,
        generateTime: new Date(),
        reviewedBy: null,
        reviewTime: null,
        failCode: null,
        failMessage: null,
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finIncomeReport.id, current.id))
      .returning();
    return stored as IncomeReportRow;
  });
  tablesChanged(fin, 'fin_income_report', 'fin_income_report_line');
  return report;
}

/** The review: a draft checked by someone other than who generated it. */
export async function reviewIncomeReport(fin: Finance, actor: FinActor, id: string) {
  const report = await fin.db.transaction(async (tx) => {
    const row = await lockReport(tx, actor.tenantId, id);
    if (row.state !== INCOME_REPORT_STATE.draft) throw refuseState(row, '复核');
    if (row.generatedBy === actor.username) throw bizError('收入报告须由生成人以外的人员复核');
    const [stored] = await tx
      .update(finIncomeReport)
      .set({
        state: INCOME_REPORT_STATE.reviewed,
        reviewedBy: actor.username,
        reviewTime: new Date(),
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finIncomeReport.id, id))
      .returning();
    return stored as IncomeReportRow;
  });
  tablesChanged(fin, 'fin_income_report');
  return report;
}

/**
 * Sends a reviewed report (or resends a failed one) through the tax adapter: marked sent before the call, then
 * accepted with the receipt no. or failed with the authority's code and message. No answer: failed, resendable
 * (the authority answers a report no. once, so a resend of the same content is not counted twice).
 */
export async function sendIncomeReport(
  fin: Finance,
  adapter: TaxAuthorityAdapter,
  actor: FinActor,
  id: string,
  resend: boolean,
) {
  const { report, filing } = await fin.db.transaction(async (tx) => {
    const row = await lockReport(tx, actor.tenantId, id);
    const from = resend ? INCOME_REPORT_STATE.failed : INCOME_REPORT_STATE.reviewed;
    if (row.state !== from) throw refuseState(row, resend ? '重新报送' : '报送');
    const lines = await tx
      .select()
      .from(finIncomeReportLine)
      .where(eq(finIncomeReportLine.reportId, id))
      .orderBy(asc(finIncomeReportLine.payeeKind), asc(finIncomeReportLine.payeeId));
    const [report] = await tx
      .update(finIncomeReport)
      .set({
        state: INCOME_REPORT_STATE.sent,
        sentBy: actor.username,
        sendTime: new Date(),
        sendCount: row.sendCount + 1,
        updateBy: actor.username,
        updateTime: new Date(),
      })
      .where(eq(finIncomeReport.id, id))
      .returning();
    const filing: IncomeReportFiling = {
      reportNo: `${row.reportNo}-${row.sendCount + 1}`,
      quarter: row.quarter,
      incomeFen: row.incomeFen,
      lines: lines.map((l, i) => ({
        lineNo: i + 1,
        payeeKind: l.payeeKind === INCOME_PAYEE_KIND.agent ? 'agent' : 'driver',
        name: l.payeeName ?? '',
        idCard: l.idCard ?? '',
        mobile: l.mobile ?? '',
        incomeFen: l.incomeFen,
        paymentCount: l.paymentCount,
      })),
    };
    return { report: report as IncomeReportRow, filing };
  });
  let answer: IncomeReportAnswer;
  try {
    answer = await adapter.submitIncomeReport(filing);
  } catch (error) {
    fin.log.error(
      { err: error, reportNo: filing.reportNo },
      'tax authority did not answer the income report',
    );
    answer = {
      reportNo: filing.reportNo,
      status: 'failed',
      code: 'TIMEOUT',
      message: '税务系统未应答，请重新报送',
    };
  }
  const [stored] = await fin.db
    .update(finIncomeReport)
    .set(
      answer.status === 'accepted'
        ? {
            state: INCOME_REPORT_STATE.accepted,
            receiptNo: answer.receiptNo,
            failCode: null,
            failMessage: null,
            answerTime: new Date(),
          }
        : {
            state: INCOME_REPORT_STATE.failed,
            failCode: answer.code,
            failMessage: answer.message.slice(0, 255),
            answerTime: new Date(),
          },
    )
    .where(and(eq(finIncomeReport.id, report.id), eq(finIncomeReport.state, INCOME_REPORT_STATE.sent)))
    .returning();
  tablesChanged(fin, 'fin_income_report');
  return stored ?? report;
}
