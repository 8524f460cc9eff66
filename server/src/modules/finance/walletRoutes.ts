import {
  customerWalletResource,
  freezeBody,
  freezeLogResource,
  LEDGER_TYPE,
  manualRechargeBody,
  PLATFORM_ACCOUNT,
  partyScopeOf,
  rechargeBody,
  rechargeResource,
  rechargeReviewBody,
  statementLineResource,
  WALLET_OWNER,
  walletConfigBody,
  walletConfigLogResource,
  walletConfigResource,
  walletResource,
} from '@freight/contracts';
import { and, desc, eq, gt, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { perm } from '../../platform/access/declare.ts';
import type { AppContext } from '../../platform/context.ts';
import { arrayRunnerOf } from '../../platform/db/arrayQuery.ts';
import { idsWhere } from '../../platform/db/idsWhere.ts';
import { ofTenant } from '../../platform/db/tenantRows.ts';
import { ok } from '../../platform/http/envelope.ts';
import { bizError, recordNotFound } from '../../platform/http/errors.ts';
import { uploadedFile } from '../../platform/http/upload.ts';
import { bindResource } from '../../platform/resource/bindResource.ts';
import { arrayQueryOf, pageReader } from '../../platform/resource/pageReader.ts';
import { chinaToday } from '../freight/index.ts';
import { ensureCustomerAccounts, walletConfigOf } from './accounts.ts';
import { finActorOf, financeAction, financeRead, idQuery, ownMessage } from './actionRoutes.ts';
import type { SimBankSettings, SimulatedBank } from './bank/simulatedBank.ts';
import { walletOfOwner } from './books.ts';
import type { FinActor, Finance } from './context.ts';
import {
  customerInScope,
  freezeFunds,
  rechargeViaBank,
  reviewManualRecharge,
  submitManualRecharge,
} from './recharge.ts';
import { checkLedger } from './reconcile.ts';
import {
  finLedgerLine,
  finNoteSettlement,
  finRecharge,
  finStatementLine,
  finWallet,
  finWalletConfig,
  finWalletConfigLog,
  finWalletFreeze,
} from './schema.ts';
import { parseStatement, storeStatement } from './statements.ts';
import { saveWalletConfig } from './walletConfig.ts';

type Row = Record<string, unknown>;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式为 YYYY-MM-DD')
  // A calendar day: 2026-02-30 and 3690-82-50 have the shape but no day.
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, '日期不存在');
const dayOrTime = z.string().max(30);
const ledgerQuery = z.object({
  pageNo: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(10),
  walletId: z.string().max(32).optional(),
  noteId: z.string().max(32).optional(),
  billId: z.string().max(32).optional(),
  customerId: z.string().max(32).optional(),
  type: z.coerce.number().int().min(1).max(99).optional(),
  createTime_begin: dayOrTime.optional(),
  createTime_end: dayOrTime.optional(),
});

/** A period bound from the console: a day (China time; the end day is included) or a full timestamp. */
/** The platform's service-fee income and the agents' fees, summed over ledger lines. */
const FEE_SUMS = {
  serviceFeeFen: sql<string>`coalesce(sum(${finLedgerLine.amountFen}) filter (where ${finLedgerLine.ownerType} = ${WALLET_OWNER.platform} and ${finLedgerLine.type} = ${LEDGER_TYPE.serviceFee}), 0)`,
  agentFeeFen: sql<string>`coalesce(sum(${finLedgerLine.amountFen}) filter (where ${finLedgerLine.ownerType} = ${WALLET_OWNER.agent} and ${finLedgerLine.type} = ${LEDGER_TYPE.agentFee}), 0)`,
};

/** The tenant's fee lines (service fees and agents' fees) booked in [from, to); a missing bound is open. */
const feeLines = (tenantId: number, from: Date | undefined, to: Date | undefined) =>
  ofTenant(
    finLedgerLine,
    tenantId,
    inArray(finLedgerLine.type, [LEDGER_TYPE.serviceFee, LEDGER_TYPE.agentFee]),
    from ? gte(finLedgerLine.createTime, from) : undefined,
    to ? lt(finLedgerLine.createTime, to) : undefined,
  );

function bound(value: string | undefined, end: boolean): Date | undefined {
  if (!value) return undefined;
  const text = value.trim();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? new Date(new Date(`${text}T00:00:00+08:00`).getTime() + (end ? 86_400_000 : 0))
    : new Date(text.replace(' ', 'T').replace(/T(\d{2}:\d{2}(:\d{2})?)$/, 'T$1+08:00'));
  if (Number.isNaN(date.getTime())) throw bizError('日期格式不正确');
  return date;
}

/** Most periods one fee series answers (a longer range is a typing error, not a question). */
const MAX_PERIODS = 400;

/**
 * The periods (`YYYY-MM` or `YYYY-MM-DD`, China time) from `begin` to `end`, both days included: by default the
 * last 12 months or the last 30 days up to today.
 */
export function feePeriods(
  unit: 'month' | 'day',
  begin?: string,
  end?: string,
): { keys: string[]; from: string; to: string } {
  const to = end ?? chinaToday();
  const from =
    begin ??
    (unit === 'month'
      ? `${shiftMonth(to.slice(0, 7), -11)}-01`
      : new Date(Date.parse(`${to}T00:00:00Z`) - 29 * 86_400_000).toISOString().slice(0, 10));
  if (from > to) throw bizError('开始日期不能晚于结束日期');
  const keys: string[] = [];
  if (unit === 'month')
    for (let m = from.slice(0, 7); m <= to.slice(0, 7); m = shiftMonth(m, 1)) {
      keys.push(m);
      if (keys.length > MAX_PERIODS) throw bizError('时间范围过长');
    }
  else
    for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
      keys.push(new Date(t).toISOString().slice(0, 10));
      if (keys.length > MAX_PERIODS) throw bizError('时间范围过长');
    }
  return { keys, from, to };
}

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const PARTY_WALLET_OWNER = {
  customer: WALLET_OWNER.customer,
  agent: WALLET_OWNER.agent,
  captain: WALLET_OWNER.captain,
} as const;

/** The owner type of a party user's own wallet; platform staff (undefined) see every wallet. */
function partyOwnerType(actor: FinActor): number | undefined {
  const party = partyScopeOf(actor.userType);
  return party && PARTY_WALLET_OWNER[party];
}

const LINE_COLUMNS = {
  id: finLedgerLine.id,
  walletId: finLedgerLine.walletId,
  ownerType: finLedgerLine.ownerType,
  type: finLedgerLine.type,
  amountFen: finLedgerLine.amountFen,
  balanceAfterFen: finLedgerLine.balanceAfterFen,
  noteId: finLedgerLine.noteId,
  shippingNoteNumber: finLedgerLine.shippingNoteNumber,
  billId: finLedgerLine.billId,
  bankSerialNo: finLedgerLine.bankSerialNo,
  memo: finLedgerLine.memo,
  operator: finLedgerLine.operator,
  createTime: finLedgerLine.createTime,
};

// The wallet drawer's list is the busiest read of the books (bench:money, 50 connections over 1 000 000
// lines): read as arrays like a resource page, not through the select builder.
const linePages = pageReader(finLedgerLine, LINE_COLUMNS);

/**
 * One account's page and its total in one round trip: the total is the count kept on the wallet row with every
 * posting (not counted line by line), the page joined to it; a page past the end still answers the total.
 */
async function walletPage(
  db: object,
  walletId: string,
  page: SQL,
): Promise<[Array<Record<string, unknown>>, number]> {
  const rows = await arrayRunnerOf(db)(
    arrayQueryOf(
      sql`select ${finWallet.lineCount}, p.* from ${finWallet} left join lateral (${page}) as p on true where ${finWallet.id} = ${walletId}`,
    ),
  );
  const lines = rows.filter((cells) => cells[1] !== null).map((cells) => linePages.decode(cells, 1));
  return [lines, Number(rows[0]?.[0] ?? 0)];
}

export function walletRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  fin: Finance,
  sim: SimulatedBank | null,
): void {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const dictText = (code: string, value: unknown) => ctx.dicts.text(code, value) ?? String(value ?? '');

  // ---- the ledger ---------------------------------------------------------------------------------------
  r.get(
    '/wallet/ledger/list',
    { config: { access: perm('finance:ledger:list') }, schema: { querystring: ledgerQuery } },
    async (request) => {
      const actor = finActorOf(request);
      const q = request.query;
      const ownerType = partyOwnerType(actor);
      const conditions: SQL[] = [eq(finLedgerLine.tenantId, actor.tenantId)];
      let walletIds: string[] | undefined;
      if (ownerType !== undefined) {
        // A party sees its own account's lines only, never the other side of a movement.
        const own = await idsWhere(db, finWallet, walletOfOwner(actor.tenantId, ownerType, actor.cid ?? ''));
        walletIds = own.map((w) => w.id);
        if (q.walletId && !walletIds.includes(q.walletId)) throw recordNotFound();
        if (q.walletId) walletIds = [q.walletId];
      } else if (q.walletId) walletIds = [q.walletId];
      if (walletIds) {
        if (walletIds.length === 0)
          return ok({ records: [], total: 0, size: q.pageSize, current: q.pageNo, pages: 0 });
        conditions.push(inArray(finLedgerLine.walletId, walletIds));
      }
      if (q.noteId) conditions.push(eq(finLedgerLine.noteId, q.noteId));
      if (q.billId) conditions.push(eq(finLedgerLine.billId, q.billId));
      if (q.customerId) conditions.push(eq(finLedgerLine.customerId, q.customerId));
      if (q.type) conditions.push(eq(finLedgerLine.type, q.type));
      const from = bound(q.createTime_begin, false);
      const to = bound(q.createTime_end, true);
      if (from) conditions.push(gte(finLedgerLine.createTime, from));
      if (to) conditions.push(lt(finLedgerLine.createTime, to));
      const where = and(...conditions);
      const onlyWallet =
        walletIds?.length === 1 && !q.noteId && !q.billId && !q.customerId && !q.type && !from && !to;
      const page = linePages.query(
        where,
        [desc(finLedgerLine.createTime), desc(finLedgerLine.id)],
        q.pageSize,
        (q.pageNo - 1) * q.pageSize,
      );
      const [rows, total] = onlyWallet
        ? await walletPage(db, (walletIds as string[])[0], page)
        : await Promise.all([
            linePages.read(db, arrayQueryOf(page)),
            db
              .select({ n: sql<number>`count(*)::int` })
              .from(finLedgerLine)
              .where(where)
              .then((found) => Number(found[0]?.n ?? 0)),
          ]);
      return ok({
        records: rows.map((row) => ({
          ...row,
          type_dictText: dictText('ledger_type', row.type),
          ownerType_dictText: dictText('wallet_owner_type', row.ownerType),
        })),
        total,
        size: q.pageSize,
        current: q.pageNo,
        pages: Math.ceil(total / q.pageSize),
      });
    },
  );

  /** One line, inside the same scope as the list: another party's line answers like a missing one. */
  financeRead(app, '/wallet/ledger/queryById', 'finance:ledger:list', idQuery, async (actor, query) => {
    const [line] = await db
      .select({ ...LINE_COLUMNS, ownerId: finLedgerLine.ownerId })
      .from(finLedgerLine)
      .where(and(eq(finLedgerLine.id, query.id), eq(finLedgerLine.tenantId, actor.tenantId)));
    const ownerType = partyOwnerType(actor);
    if (!line || (ownerType !== undefined && (line.ownerType !== ownerType || line.ownerId !== actor.cid)))
      throw recordNotFound();
    const { ownerId: _owner, ...out } = line;
    return {
      ...out,
      type_dictText: dictText('ledger_type', out.type),
      ownerType_dictText: dictText('wallet_owner_type', out.ownerType),
    };
  });

  r.get('/wallet/ledger/check', { config: { access: perm('finance:wallet:reconcile') } }, async () =>
    ok(await checkLedger(db)),
  );

  // ---- 货主钱包 -------------------------------------------------------------------------------------------
  const ensureAll = async (request: FastifyRequest) => {
    if (request.session) await ensureCustomerAccounts(db, fin.bank, request.session.tenantId);
  };
  void app.register(async (scoped) => {
    // Customers made since the last look get their wallet and configuration before they are listed.
    scoped.addHook('preHandler', ensureAll);
    const presentRows = (rows: Row[]) => {
      for (const row of rows) {
        row.customerId = row.ownerId;
        row.customerName = row.ownerName;
      }
      return rows;
    };
    bindResource(scoped, ctx, customerWalletResource, finWallet, { view: 'customers', presentRows });
    // The same view at the resource's own path: `GET /customer/hyCustomerWallet/list` as the issue names it.
    bindResource(scoped, ctx, customerWalletResource, finWallet, {
      view: 'customers',
      path: customerWalletResource.path,
      presentRows,
    });
    bindResource(scoped, ctx, walletConfigResource, finWalletConfig);
  });

  // The money actions on a customer's wallet: each answer carries its own message.
  const walletAction = <B extends z.ZodType, T extends { message: string }>(
    action: string,
    code: string,
    body: B,
    act: (actor: FinActor, input: z.output<B>) => Promise<T>,
  ) => financeAction(app, `/customer/hyCustomerWallet/${action}`, code, body, act, ownMessage);
  walletAction('recharge', 'customer:wallet:recharge', rechargeBody, (actor, input) =>
    rechargeViaBank(fin, actor, input),
  );
  walletAction('manualRecharge', 'customer:wallet:recharge', manualRechargeBody, (actor, input) =>
    submitManualRecharge(fin, actor, input),
  );
  walletAction('reviewRecharge', 'customer:wallet:approve', rechargeReviewBody, (actor, input) =>
    reviewManualRecharge(fin, actor, input),
  );
  walletAction('freeze', 'customer:wallet:freeze', freezeBody, (actor, input) =>
    freezeFunds(fin, actor, input, 1),
  );
  walletAction('unfreeze', 'customer:wallet:freeze', freezeBody, (actor, input) =>
    freezeFunds(fin, actor, input, -1),
  );
  financeRead(
    app,
    '/customer/hyCustomerWallet/virtualAccount',
    'customer:wallet:list',
    z.object({ customerId: z.string().min(1).max(32) }),
    async (actor, query) => {
      const customer = await customerInScope(db, actor, query.customerId);
      const config = await walletConfigOf(db, actor.tenantId, customer.id);
      return {
        customerId: customer.id,
        customerName: customer.customerName,
        bankChannel: config?.bankChannel ?? fin.bank.channel,
        accountNo: config?.subAccountNo ?? fin.bank.virtualAccount(customer.id),
      };
    },
  );
  bindResource(app, ctx, rechargeResource, finRecharge);
  bindResource(app, ctx, freezeLogResource, finWalletFreeze);

  // ---- 主钱包 ---------------------------------------------------------------------------------------------
  // The console lists the platform's accounts at <path>/platform, as every view; the declaration's own path serves
  // the same view to API callers.
  bindResource(app, ctx, walletResource, finWallet, { view: 'platform' });
  bindResource(app, ctx, walletResource, finWallet, { view: 'platform', path: walletResource.path });
  bindResource(app, ctx, walletResource, finWallet, { view: 'payable' });
  bindResource(app, ctx, statementLineResource, finStatementLine);

  r.get(
    '/plateform/wallet/summary',
    {
      config: { access: perm('finance:wallet:list') },
      schema: { querystring: z.object({ begin: day.optional(), end: day.optional() }) },
    },
    async (request) => {
      const actor = finActorOf(request);
      const from = bound(request.query.begin, false);
      const to = bound(request.query.end, true);
      const accounts = await db
        .select({
          ownerId: finWallet.ownerId,
          ownerName: finWallet.ownerName,
          balanceFen: finWallet.balanceFen,
        })
        .from(finWallet)
        .where(ofTenant(finWallet, actor.tenantId, eq(finWallet.ownerType, WALLET_OWNER.platform)));
      const [fees] = await db
        .select(FEE_SUMS)
        .from(finLedgerLine)
        .where(feeLines(actor.tenantId, from, to));
      const totals = await db
        .select({
          ownerType: finWallet.ownerType,
          total: sql<string>`coalesce(sum(${finWallet.balanceFen}), 0)`,
          owedFen: sql<string>`coalesce(sum(greatest(${finWallet.balanceFen}, 0)), 0)`,
        })
        .from(finWallet)
        .where(eq(finWallet.tenantId, actor.tenantId))
        .groupBy(finWallet.ownerType);
      const receivables = await db
        .select({
          customerId: finNoteSettlement.customerId,
          customerName: finWalletConfig.customerName,
          owedFen: sql<string>`sum(${finNoteSettlement.advancedFen})`,
          notes: sql<number>`count(*)::int`,
        })
        .from(finNoteSettlement)
        .leftJoin(finWalletConfig, eq(finWalletConfig.customerId, finNoteSettlement.customerId))
        .where(
          ofTenant(
            finNoteSettlement,
            actor.tenantId,
            gt(finNoteSettlement.advancedFen, 0),
            isNull(finNoteSettlement.chargeTime),
          ),
        )
        .groupBy(finNoteSettlement.customerId, finWalletConfig.customerName);
      /** The net balances (`total`) or those above zero (`owedFen`) of the wallets of these owner types. */
      const sumOf = (ownerTypes: number[], column: 'total' | 'owedFen') =>
        totals.filter((t) => ownerTypes.includes(t.ownerType)).reduce((sum, t) => sum + Number(t[column]), 0);
      const payees = [WALLET_OWNER.driver, WALLET_OWNER.agent, WALLET_OWNER.captain];
      const payablesFen = sumOf(payees, 'owedFen');
      const platformBalance = (code: string) => accounts.find((a) => a.ownerId === code)?.balanceFen ?? 0;
      // A balance is what the platform owes its holder: a payee's deduction beyond its balance leaves it below
      // zero (the payee owes the platform), and the platform's own assets (cash at the bank, advances) stand
      // below zero too. The cards show each as the amount it is, not netted against the others.
      return ok({
        accounts: accounts.map((a) => ({ code: a.ownerId, name: a.ownerName, balanceFen: a.balanceFen })),
        serviceFeeIncomeFen: Number(fees?.serviceFeeFen ?? 0),
        agentFeeFen: Number(fees?.agentFeeFen ?? 0),
        advanceReceivableFen: -platformBalance(PLATFORM_ACCOUNT.advanceReceivable),
        bankBalanceFen: -platformBalance(PLATFORM_ACCOUNT.bankClearing),
        receivablesByCustomer: receivables.map((x) => ({ ...x, owedFen: Number(x.owedFen) })),
        customerFundsFen: sumOf([WALLET_OWNER.customer], 'total'),
        payablesFen,
        payeeDebtsFen: payablesFen - sumOf(payees, 'total'),
      });
    },
  );

  // Service-fee income (and agents' fees) by China-time month or day, every period of the range present (主钱包's chart).
  r.get(
    '/plateform/wallet/feeSeries',
    {
      config: { access: perm('finance:wallet:list') },
      schema: {
        querystring: z.object({
          unit: z.enum(['month', 'day']).default('month'),
          begin: day.optional(),
          end: day.optional(),
        }),
      },
    },
    async (request) => {
      const actor = finActorOf(request);
      const { unit } = request.query;
      const periods = feePeriods(unit, request.query.begin, request.query.end);
      const from = bound(periods.from, false) as Date;
      const to = bound(periods.to, true) as Date;
      const local = sql`(${finLedgerLine.createTime} at time zone 'UTC') + interval '8 hours'`;
      // The format is a literal (not a parameter): the grouping must be the very expression selected.
      const period = sql<string>`to_char(${local}, ${sql.raw(unit === 'month' ? "'YYYY-MM'" : "'YYYY-MM-DD'")})`;
      const rows = await db
        .select({ period, ...FEE_SUMS })
        .from(finLedgerLine)
        .where(feeLines(actor.tenantId, from, to))
        .groupBy(period);
      const found = new Map(rows.map((row) => [row.period, row]));
      const points = periods.keys.map((key) => {
        const row = found.get(key);
        return {
          period: key,
          serviceFeeFen: Number(row?.serviceFeeFen ?? 0),
          agentFeeFen: Number(row?.agentFeeFen ?? 0),
        };
      });
      return ok({
        unit,
        from: periods.from,
        to: periods.to,
        points,
        serviceFeeFen: points.reduce((sum, p) => sum + p.serviceFeeFen, 0),
        agentFeeFen: points.reduce((sum, p) => sum + p.agentFeeFen, 0),
      });
    },
  );

  r.post(
    '/plateform/wallet/importStatement',
    { config: { access: perm('finance:wallet:import'), audit: { operateType: 5, content: '导入银行流水' } } },
    async (request) => {
      const { file, data } = await uploadedFile(request);
      const { entries, errors } = await parseStatement(data, file.filename);
      const stored = await storeStatement(fin, finActorOf(request), entries);
      return ok(
        { ...stored, errors },
        `导入${stored.inserted}条（重复${stored.skipped}条，错误${errors.length}条），匹配${stored.matched}条，未匹配${stored.unmatched}条`,
      );
    },
  );
  r.post(
    '/plateform/wallet/downloadStatement',
    { config: { access: perm('finance:wallet:import') }, schema: { body: z.object({ day }) } },
    async (request) => {
      const entries = await fin.bank.statement(request.body.day);
      const stored = await storeStatement(fin, finActorOf(request), entries);
      return ok(
        stored,
        `下载${entries.length}条，新增${stored.inserted}条，匹配${stored.matched}条，未匹配${stored.unmatched}条`,
      );
    },
  );

  // ---- 钱包配置 -------------------------------------------------------------------------------------------
  // POST as the issue names it, PUT as the console's declared edit form sends every edit.
  for (const method of ['POST', 'PUT'] as const)
    r.route({
      method,
      url: '/plateform/walletConfig/edit',
      config: { access: perm('finance:walletconfig:edit') },
      schema: { body: walletConfigBody },
      handler: async (request) =>
        ok(await saveWalletConfig(fin, finActorOf(request), request.body), '钱包配置已保存'),
    });
  bindResource(app, ctx, walletConfigLogResource, finWalletConfigLog);

  // The simulated bank's behaviour (delay, failure rate and codes), for demonstrations of failures.
  const simSettings = z.object({
    delayMs: z.number().int().min(0).max(60_000).optional(),
    failureRate: z.number().min(0).max(1).optional(),
    failureCodes: z
      .array(z.enum(['CARD_INVALID', 'ACCOUNT_FROZEN', 'TIMEOUT']))
      .min(1)
      .optional(),
    failCards: z.record(z.string().max(30), z.enum(['CARD_INVALID', 'ACCOUNT_FROZEN', 'TIMEOUT'])).optional(),
    callbacks: z.boolean().optional(),
  });
  r.get(
    '/plateform/bank/simSettings',
    { config: { access: perm('finance:walletconfig:edit') } },
    async () => {
      if (!sim) throw bizError('当前银行通道不是模拟银行');
      return ok(sim.settings);
    },
  );
  r.post(
    '/plateform/bank/simSettings',
    { config: { access: perm('finance:walletconfig:edit') }, schema: { body: simSettings } },
    async (request) => {
      if (!sim) throw bizError('当前银行通道不是模拟银行');
      return ok(sim.configure(request.body as Partial<SimBankSettings>), '模拟银行设置已更新');
    },
  );
}
